import { createHash, type KeyObject } from "node:crypto";
import dkimSignature from "nodemailer/lib/dkim/sign";

/** The signing domain, its selector, its private key (parsed once, or PEM), the fields signed. */
export type DkimKey = {
  domainName: string;
  keySelector: string;
  privateKey: string | KeyObject;
  headerFieldNames?: string;
};

/**
 * DKIM-signs a composed message (RFC 6376, rsa-sha256, relaxed/relaxed, as nodemailer's signer
 * does, whose header step this reuses) in one pass over bytes already in memory. nodemailer's
 * own signer streams the message through a JavaScript body canonicalizer chunk by chunk and
 * then writes it out in those chunks: in a delivery worker's profile that streaming cost more
 * than the RSA signature itself, and each small chunk became a socket write. Here the body is
 * canonicalized with two regular expressions and hashed natively, and the signed message is one
 * Buffer. Returns the message with its DKIM-Signature header first.
 */
export function signMessage(message: Buffer, key: DkimKey): Buffer {
  const text = message.toString("latin1");
  if (/\r(?!\n)|(?<!\r)\n/.test(text)) {
    // What is signed must be what arrives: SMTP carries CRLF line ends, and the DATA stream turns
    // any bare LF into one; so does this (MailComposer leaves the LFs of a part's text as they are).
    return signMessage(Buffer.from(withCrlf(text), "latin1"), key);
  }
  const split = headerEnd(text);
  const headerBlock = text.slice(0, split.headers);
  const body = text.slice(split.body);
  const bodyHash = createHash("sha256").update(relaxedBody(body), "latin1").digest("base64");
  const signature = dkimSignature(headerLines(headerBlock), "sha256", bodyHash, {
    domainName: key.domainName,
    keySelector: key.keySelector,
    // crypto.sign takes a parsed KeyObject as well as PEM text (parsing once is the point).
    privateKey: key.privateKey as string,
    headerFieldNames: key.headerFieldNames,
  });
  if (!signature) throw new Error(`DKIM signing failed for ${key.domainName}`);
  return Buffer.concat([Buffer.from(`${signature}\r\n`, "latin1"), message]);
}

/** Every line end as CRLF. */
export function withCrlf(text: string): string {
  return text.replace(/\r\n|\r|\n/g, "\r\n");
}

/** Where the header block ends (before its blank line) and the body starts. */
function headerEnd(text: string): { headers: number; body: number } {
  const crlf = text.indexOf("\r\n\r\n");
  if (crlf !== -1) return { headers: crlf, body: crlf + 4 };
  return { headers: text.length, body: text.length };
}

/** Header fields as nodemailer's signer reads them: lowercased name, and the whole field. */
function headerLines(block: string): { key: string; line: string }[] {
  return block
    .split(/\r\n(?![ \t])/)
    .filter((line) => line.includes(":"))
    .map((line) => ({ key: line.slice(0, line.indexOf(":")).trim().toLowerCase(), line }));
}

/**
 * Relaxed body canonicalization (RFC 6376 §3.4.4): whitespace at line ends goes, runs of
 * whitespace become one space, empty lines at the end go, and a non-empty body ends in CRLF.
 */
export function relaxedBody(body: string): string {
  const lines = body
    .replace(/[ \t]+(?=\r\n|$)/g, "")
    .replace(/[ \t]+/g, " ")
    .replace(/(?:\r\n)+$/, "");
  return lines.length > 0 ? `${lines}\r\n` : "";
}
