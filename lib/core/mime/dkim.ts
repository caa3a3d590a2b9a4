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
 * hashed natively, as its bytes are when it is canonical already (relaxedBodyHash), the RSA
 * signature is computed on libuv's thread pool (crypto.sign with a callback: it was a fifth of a
 * delivery worker's main thread), and the signed message is one Buffer with its DKIM-Signature
 * header first.
 */
export async function signMessage(
  message: Buffer,
  key: DkimKey,
  options: SignOptions = {},
): Promise<Buffer> {
  if (hasBareLineBreak(message)) {
    // What is signed must be what arrives: SMTP carries CRLF line ends, and the DATA stream turns
    // any bare LF into one; so does this (MailComposer leaves the LFs of a part's text as they are).
    return signMessage(Buffer.from(withCrlf(message.toString("latin1")), "latin1"), key);
  }
  const blankLine = message.indexOf("\r\n\r\n");
  const headersEnd = blankLine === -1 ? message.length : blankLine;
  const bodyHash = relaxedBodyHash(
    message.subarray(blankLine === -1 ? headersEnd : blankLine + 4),
    options.bodyRelaxedCanonical,
  );
  const canonical = relaxedHeaders(
    headerLines(message.toString("latin1", 0, headersEnd)),
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

export type SignOptions = {
  /**
   * The composer knows the body has no tab, no run of blanks and no blank before a line end
   * (compose.ts): the two searches for them are skipped, 28 µs of a 20 KB body's 40.
   */
  bodyRelaxedCanonical?: boolean;
};

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
 * The rule as written: signing uses relaxedBodyHash (its byte pass), which is tested against this.
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

const CR = 13;
const LF = 10;
const SPACE = 32;
const TAB = 9;

/** Whether the message has a CR or an LF that is not part of a CRLF. */
function hasBareLineBreak(bytes: Buffer): boolean {
  for (let at = bytes.indexOf(LF); at !== -1; at = bytes.indexOf(LF, at + 1))
    if (at === 0 || bytes[at - 1] !== CR) return true;
  for (let at = bytes.indexOf(CR); at !== -1; at = bytes.indexOf(CR, at + 1))
    if (bytes[at + 1] !== LF) return true;
  return false;
}

/**
 * The `bh=` of a body with CRLF line ends: the SHA-256 of its relaxed canonical form, base64.
 * What our composer writes (quoted-printable and base64 lines) holds no tab, no run of spaces and
 * no space before a line end, so it is canonical already but for the empty lines at its end:
 * that is found with native searches (or known: `knownCanonical`, the composer's word) and the
 * bytes are hashed as they are. Three regular expressions over a string copy of every body were
 * 3 % of a campaign worker's CPU.
 */
export function relaxedBodyHash(body: Buffer, knownCanonical = false): string {
  const hash = createHash("sha256");
  if (
    knownCanonical ||
    (body.indexOf(TAB) === -1 && body.indexOf("  ") === -1 && body.indexOf(" \r\n") === -1)
  ) {
    let end = body.length;
    while (end >= 2 && body[end - 2] === CR && body[end - 1] === LF) end -= 2;
    if (end === 0) return hash.digest("base64");
    if (body[end - 1] !== SPACE)
      return hash.update(body.subarray(0, end)).update("\r\n").digest("base64");
  }
  return hash.update(relaxedBodyBytes(body)).digest("base64");
}

/**
 * `relaxedBody` over bytes, in one pass into one buffer: an indented HTML part (runs of spaces
 * that quoted-printable keeps) took the three regular expressions over a string copy of the
 * whole message, 2 % of a campaign worker's CPU. Only CRLF ends a line, as in `relaxedBody`.
 */
function relaxedBodyBytes(body: Buffer): Buffer {
  const out = Buffer.allocUnsafe(body.length + 2);
  let at = 0;
  let blank = false; // a run of spaces and tabs waits: one space, unless the line ends first
  const length = body.length;
  for (let i = 0; i < length; i++) {
    const byte = body[i]!;
    if (byte === SPACE || byte === TAB) {
      blank = true;
    } else if (byte === CR && body[i + 1] === LF) {
      blank = false;
      out[at++] = CR;
      out[at++] = LF;
      i++;
    } else {
      if (blank) out[at++] = SPACE;
      blank = false;
      out[at++] = byte;
    }
  }
  while (at >= 2 && out[at - 2] === CR && out[at - 1] === LF) at -= 2;
  if (at === 0) return out.subarray(0, 0);
  out[at++] = CR;
  out[at++] = LF;
  return out.subarray(0, at);
}
