/** The most of a message read for its own headers: they come first, and are never this long. */
const MAX_HEADER_BYTES = 64 * 1024;

/**
 * An inbound message's own header lines (up to the first blank line), unfolded, in order, every
 * occurrence kept: what the receiver and the mailbox read before the classifier does.
 */
export function headerLines(raw: Buffer): string[] {
  const head = raw.subarray(0, Math.min(raw.length, MAX_HEADER_BYTES)).toString("latin1");
  const end = head.search(/\r?\n\r?\n/);
  return (end === -1 ? head : head.slice(0, end)).replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/);
}

/** The value after `Name:` of a header line. */
export const headerValue = (line: string) => line.slice(line.indexOf(":") + 1).trim();
