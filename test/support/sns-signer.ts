import { execFileSync } from "node:child_process";
import { createSign, generateKeyPairSync, type KeyObject } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { snsStringToSign, type SnsEnvelope } from "@/lib/providers/sns";

/**
 * Stands in for SNS in tests: its own RSA key and a self-signed certificate for it. Node's
 * crypto cannot create certificates, so `openssl req -x509` makes one from the key node made.
 */
export type SnsSigner = {
  certificatePem: string;
  privateKey: KeyObject;
  sign(envelope: Omit<SnsEnvelope, "Signature">): SnsEnvelope;
};

/** An RSA key and a self-signed certificate for it, as SNS's signing certificate stands in. */
export function makeSnsSigner(): SnsSigner {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-sns-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    const certFile = path.join(dir, "cert.pem");
    fs.writeFileSync(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }));
    execFileSync("openssl", [
      "req",
      "-x509",
      "-new",
      "-key",
      keyFile,
      "-out",
      certFile,
      "-days",
      "2",
      "-subj",
      "/CN=sns.amazonaws.com",
      "-sha256",
    ]);
    const certificatePem = fs.readFileSync(certFile, "utf8");
    return {
      certificatePem,
      privateKey,
      sign(envelope) {
        const signer = createSign(envelope.SignatureVersion === "1" ? "RSA-SHA1" : "RSA-SHA256");
        signer.update(snsStringToSign(envelope as SnsEnvelope)!, "utf8");
        return { ...envelope, Signature: signer.sign(privateKey, "base64") } as SnsEnvelope;
      },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
