import { createHash } from "node:crypto";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";

/** What a received message is kept as, read from its bytes. */
export type ReceivedMessage = {
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string | null;
  html: string | null;
  headers: Record<string, string>;
  messageId: string | null;
  /** The Message-IDs its In-Reply-To names, angle brackets included (as emails.message_id). */
  inReplyTo: string[];
  attachments: { filename: string; contentType: string; bytes: Buffer }[];
};

export type MessageParser = (raw: Buffer) => Promise<ParsedMail>;

// Bounds on what one header can make us store or look up (a message is at most 10 MiB anyway).
const MAX_REPLY_IDS = 10;
const MAX_ID_LENGTH = 300;
const MAX_ADDRESSES = 500;

/**
 * Reads a received message with mailparser, which turns nearly anything into text. Should it throw
 * all the same, the message is kept with the headers a plain read finds and its bytes as text:
 * mail that reached a receiving domain is never refused for being malformed (docs/decisions/0052).
 */
export async function readReceivedMessage(
  raw: Buffer,
  parse: MessageParser = (bytes) => simpleParser(bytes, { skipImageLinks: true }),
): Promise<ReceivedMessage> {
  let parsed: ParsedMail;
  try {
    parsed = await parse(raw);
  } catch (error) {
    console.error("[received] could not parse a message, keeping it as text:", error);
    return plainReading(raw);
  }
  const headers = headerMap(parsed.headerLines.map((h) => h.line));
  return {
    from: sender(parsed.from) ?? headers.from ?? "",
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    subject: parsed.subject ?? "",
    text: parsed.text ?? null,
    html: typeof parsed.html === "string" ? parsed.html : null,
    headers,
    messageId: messageIdOf(parsed.messageId),
    inReplyTo: messageIds(parsed.inReplyTo ?? ""),
    attachments: parsed.attachments.map((a, i) => ({
      filename: a.filename || `attachment-${i + 1}`,
      contentType: a.contentType || "application/octet-stream",
      bytes: a.content,
    })),
  };
}

/** The header block's lines, unfolded, as `{lower-cased name: value}`; repeats joined by "\n". */
export function headerMap(lines: string[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .replace(/\r?\n[ \t]+/g, " ")
      .trim();
    map[name] = name in map ? `${map[name]}\n${value}` : value;
  }
  return map;
}

/** `<a@b> <c@d>` → the ids, brackets kept, bounded. */
export function messageIds(value: string): string[] {
  const ids = value.match(/<[^<>\s]+>/g) ?? [];
  return [...new Set(ids.filter((id) => id.length <= MAX_ID_LENGTH))].slice(0, MAX_REPLY_IDS);
}

function messageIdOf(value: string | undefined): string | null {
  return messageIds(value ?? "")[0] ?? null;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const groups = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const flat = groups.flatMap((g) => g.value.flatMap((a) => (a.group ? a.group : [a])));
  return flat
    .map((a) => a.address?.trim().toLowerCase() ?? "")
    .filter(Boolean)
    .slice(0, MAX_ADDRESSES);
}

/** The first From address as `Name <address>` (the name decoded), or the address alone. */
function sender(field: AddressObject | undefined): string | undefined {
  const first = field?.value.find((a) => a.address);
  if (!first?.address) return undefined;
  const name = first.name.replace(/["\r\n]/g, "").trim();
  return name ? `${name} <${first.address}>` : first.address;
}

/** The fallback: header lines up to the first blank line, the rest as text. */
function plainReading(raw: Buffer): ReceivedMessage {
  const source = raw.toString("utf8");
  const end = source.search(/\r?\n\r?\n/);
  const head = end === -1 ? source : source.slice(0, end);
  const body = end === -1 ? "" : source.slice(end).replace(/^\r?\n\r?\n/, "");
  const lines = head.split(/\r?\n(?![ \t])/);
  const headers = headerMap(lines);
  const plainAddresses = (value: string | undefined) =>
    (value?.match(/[^\s<>,;"]+@[^\s<>,;"]+/g) ?? []).map((a) => a.toLowerCase());
  return {
    from: headers.from ?? "",
    to: plainAddresses(headers.to),
    cc: plainAddresses(headers.cc),
    subject: headers.subject ?? "",
    text: body,
    html: null,
    headers,
    messageId: messageIdOf(headers["message-id"]),
    inReplyTo: messageIds(headers["in-reply-to"] ?? ""),
    attachments: [],
  };
}

/**
 * What names a message across a sender's retries: its Message-ID, else a digest of its bytes.
 */
export function fingerprintOf(message: Pick<ReceivedMessage, "messageId">, raw: Buffer): string {
  return message.messageId ?? `sha256:${createHash("sha256").update(raw).digest("hex")}`;
}
