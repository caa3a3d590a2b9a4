import { createHash, sign, type KeyObject } from "node:crypto";
import { domainToASCII } from "node:url";
import mimeFuncs from "nodemailer/lib/mime-funcs";

/** The signing domain, its selector, its private key (parsed once, or PEM), the fields signed. */
export type DkimKey = {
  domainName: string;
  keySelector: string;
  privateKey: string | KeyObject;
  headerFieldNames?: string;
};

/**
 * DKIM-signs a composed message (RFC 6376, rsa-sha256, relaxed/relaxed, the header fields
 * canonicalized by nodemailer's signer) in one pass over bytes already in memory. nodemailer's
 * own signer streams the message through a JavaScript body canonicalizer chunk by chunk and
 * then writes it out in those chunks: in a delivery worker's profile that streaming cost more
 * than the RSA signature itself, and each small chunk became a socket write. Here the body is
 * canonicalized with two regular expressions and hashed natively, the RSA signature is computed
 * on libuv's thread pool (crypto.sign with a callback: it was a fifth of a delivery worker's main
 * thread), and the signed message is one Buffer with its DKIM-Signature header first.
 */
export async function signMessage(message: Buffer, key: DkimKey): Promise<Buffer> {
  const text = message.toString("latin1");
  if (/\r(?!\n)|(?<!\r)\n/.test(text)) {
    // What is signed must be what arrives: SMTP carries CRLF line ends, and the DATA stream turns
    // any bare LF into one; so does this (MailComposer leaves the LFs of a part's text as they are).
    return signMessage(Buffer.from(withCrlf(text), "latin1"), key);
  }
  const split = headerEnd(text);
  const bodyHash = createHash("sha256")
    .update(relaxedBody(text.slice(split.body)), "latin1")
    .digest("base64");
  const canonical = relaxedHeaders(
    headerLines(text.slice(0, split.headers)),
    key.headerFieldNames ?? DEFAULT_SIGNED_FIELDS,
  );
  const dkimHeader =
    mimeFuncs.foldLines(
      `DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=${domainToASCII(key.domainName)}; ` +
        `q=dns/txt; s=${key.keySelector}; bh=${bodyHash}; h=${canonical.fieldNames}`,
      76,
    ) + ";\r\n b=";
  const signed = `${canonical.headers}dkim-signature:${relaxedHeaderValue(dkimHeader)}`;
  const signature = await new Promise<Buffer>((resolve, reject) =>
    sign("sha256", Buffer.from(signed, "latin1"), key.privateKey, (error, value) =>
      error
        ? reject(new Error(`DKIM signing failed for ${key.domainName}: ${error.message}`))
        : resolve(value),
    ),
  );
  const folded = signature.toString("base64").replace(/(^.{73}|.{75}(?!\r?\n|\r))/g, "$&\r\n ");
  return Buffer.concat([Buffer.from(`${dkimHeader}${folded.trim()}\r\n`, "latin1"), message]);
}

/** RFC 4871 §5.5's list, nodemailer's default, for a key that names none. */
const DEFAULT_SIGNED_FIELDS =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:" +
  "Content-Transfer-Encoding:Content-ID:Content-Description:Resent-Date:Resent-From:" +
  "Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:List-Id:" +
  "List-Help:List-Unsubscribe:List-Subscribe:List-Post:List-Owner:List-Archive";

/**
 * The signed header fields, relaxed-canonicalized (RFC 6376 §3.4.2, §5.4.2): of each field named,
 * the last instance in the message; the names of those present, in the order asked for.
 */
function relaxedHeaders(
  headers: { key: string; line: string }[],
  fieldNames: string,
): { headers: string; fieldNames: string } {
  const wanted = [
    ...new Set(
      fieldNames
        .toLowerCase()
        .split(":")
        .map((name) => name.trim()),
    ),
  ];
  const lastOf = new Map<string, string>();
  for (const header of headers) lastOf.set(header.key, header.line);
  const present = wanted.filter((name) => lastOf.has(name));
  return {
    headers: present.map((name) => `${name}:${relaxedHeaderValue(lastOf.get(name)!)}\r\n`).join(""),
    fieldNames: present.join(":"),
  };
}

/** A header field's value as relaxed canonicalization reads it (RFC 6376 §3.4.2). */
function relaxedHeaderValue(line: string): string {
  return line
    .slice(line.indexOf(":") + 1)
    .replace(/\r?\n/g, "")
    .replace(/\s+/g, " ")
    .trim();
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
  // A lone space is already what a run becomes: only runs and tabs are replaced (replacing every
  // space with itself copied the whole body for nothing).
  const lines = body
    .replace(/[ \t]+(?=\r\n|$)/g, "")
    .replace(/[ \t]{2,}|\t/g, " ")
    .replace(/(?:\r\n)+$/, "");
  return lines.length > 0 ? `${lines}\r\n` : "";
}
