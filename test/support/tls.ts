import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A self-signed certificate for `localhost` made with Debian's openssl, written as PEM files as
 * an operator would configure them (SMTP_SUBMISSION_TLS_CERT / _KEY).
 */
export function selfSignedCertificate(): { certFile: string; keyFile: string; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), "mw-tls-"));
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: "ignore" },
  );
  return { certFile, keyFile, cert: readFileSync(certFile) };
}
