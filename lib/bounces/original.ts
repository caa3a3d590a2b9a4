import { findAddress, parseHeaderBlock, splitLines } from "./fields";

/** What a report tells about the message it is about. */
export type OriginalMessage = { messageId: string | null; to: string | null };

export const NO_ORIGINAL: OriginalMessage = { messageId: null, to: null };

/** The longest Message-ID kept (RFC 5322 caps a line at 998 characters). */
const MAX_MESSAGE_ID_LENGTH = 998;

/** `<id@host>` from a Message-ID value (brackets added when missing), or null. */
export function normalizeMessageId(value: string | undefined): string | null {
  if (!value) return null;
  let id = value.trim();
  const open = id.indexOf("<");
  if (open !== -1) {
    const close = id.indexOf(">", open);
    if (close === -1) return null;
    id = id.slice(open + 1, close).trim();
  } else {
    id = id.split(" ")[0] ?? "";
  }
  if (id === "" || !id.includes("@") || id.length > MAX_MESSAGE_ID_LENGTH) return null;
  if (/[\s<>]/.test(id)) return null;
  return `<${id}>`;
}

/** Reads the original from an attached `message/rfc822` or `text/rfc822-headers` part. */
export function originalFromHeaders(text: string): OriginalMessage {
  const headers = parseHeaderBlock(text);
  const to = headers.get("to");
  return {
    messageId: normalizeMessageId(headers.get("message-id")),
    to: to ? findAddress(to) : null,
  };
}

/**
 * A Message-ID header quoted in a report's text (qmail, old Exim and Microsoft text NDRs paste
 * the original's headers below their explanation). Line by line; a folded value continues on the
 * next line.
 */
export function findQuotedMessageId(text: string): string | null {
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trimStart();
    if (line.length < 11 || line.slice(0, 11).toLowerCase() !== "message-id:") continue;
    const value = line.slice(11).trim() || lines[i + 1]?.trim();
    const id = normalizeMessageId(value);
    if (id) return id;
  }
  return null;
}
