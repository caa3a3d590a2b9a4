import { isEmailAddress } from "@/lib/core/validation";

/**
 * Line-based readers for header blocks and report field groups (RFC 5322 §2.2, RFC 3464 §2.1,
 * RFC 5965 §3.1). Everything here is one pass over its input: reports arrive from anyone on the
 * internet, and docs/decisions/0009 keeps regular expressions off unbounded text.
 */

/** Field name (lower-cased) → unfolded value; the first occurrence of a name wins. */
export type Fields = Map<string, string>;

/** The longest field value kept: a Diagnostic-Code is one SMTP reply, never pages. */
const MAX_FIELD_LENGTH = 2000;

/** Splits on LF, dropping a CR before it, so CRLF and LF input read the same. */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.endsWith("\r")) lines[i] = line.slice(0, -1);
  }
  return lines;
}

function isBlank(line: string): boolean {
  return line.trim() === "";
}

function isContinuation(line: string): boolean {
  return line.startsWith(" ") || line.startsWith("\t");
}

/** Adds one field line (with its continuations already joined) to a group. */
function addField(fields: Fields, line: string): void {
  const colon = line.indexOf(":");
  if (colon <= 0) return;
  const name = line.slice(0, colon).trim().toLowerCase();
  if (name === "" || name.includes(" ") || fields.has(name)) return;
  fields.set(name, collapseWhitespace(line.slice(colon + 1)).slice(0, MAX_FIELD_LENGTH));
}

/**
 * Groups of fields separated by blank lines: a delivery-status body is the per-message group
 * followed by one group per recipient. Folded lines (starting with space or tab) continue the
 * field above them; lines without a colon are skipped.
 */
export function parseFieldGroups(text: string): Fields[] {
  const groups: Fields[] = [];
  let current: Fields | null = null;
  let pending: string | null = null;
  const flush = () => {
    if (pending !== null && current) addField(current, pending);
    pending = null;
  };
  for (const line of splitLines(text)) {
    if (isBlank(line)) {
      flush();
      current = null;
      continue;
    }
    if (!current) {
      current = new Map();
      groups.push(current);
    }
    if (isContinuation(line) && pending !== null) {
      if (pending.length < MAX_FIELD_LENGTH) pending += " " + line.trim();
      continue;
    }
    flush();
    pending = line;
  }
  flush();
  return groups.filter((group) => group.size > 0);
}

/** The header block at the start of a message (up to the first blank line). */
export function parseHeaderBlock(text: string, maxChars = 256 * 1024): Fields {
  let head = text.slice(0, maxChars);
  const end = blankLineIndex(head);
  if (end !== -1) head = head.slice(0, end);
  return parseFieldGroups(head)[0] ?? new Map();
}

/** Index of the first empty line (CRLF or LF), or -1. */
function blankLineIndex(text: string): number {
  const crlf = text.indexOf("\r\n\r\n");
  const lf = text.indexOf("\n\n");
  if (crlf === -1) return lf;
  if (lf === -1) return crlf;
  return Math.min(crlf, lf);
}

/** Runs of whitespace (folding included) become one space; ends are trimmed. */
export function collapseWhitespace(value: string): string {
  return value.split(/\s+/).filter(Boolean).join(" ");
}

/** `rfc822; a@b` → `a@b`, `dns; mx.example.net` → `mx.example.net` (RFC 3464 type prefixes). */
export function valueAfterType(value: string): string {
  const semicolon = value.indexOf(";");
  return (semicolon === -1 ? value : value.slice(semicolon + 1)).trim();
}

/** A Reporting-MTA or Remote-MTA host: the first word after the `dns;` type. */
export function mtaName(value: string | undefined): string | null {
  if (!value) return null;
  // A trailing dot is the DNS root (`gmail-smtp-in.l.google.com.`), not part of the name.
  const host = trimDots(valueAfterType(value).split(" ")[0] ?? "");
  return host === "" ? null : host.toLowerCase();
}

/** The characters that end an address written inside prose: `<a@b>:`, `(a@b)`, `'a@b'`. */
const ADDRESS_DELIMITERS: ReadonlySet<string> = new Set([..." \t<>()[]\"',;:"]);

/**
 * The first valid address in a short piece of text (`rfc822; <A@B.test>`, `user@host (user@host)`,
 * `<a@b>:`), lower-cased, or null.
 */
export function findAddress(text: string): string | null {
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !ADDRESS_DELIMITERS.has(text[i]!)) continue;
    if (i > start) {
      const token = trimDots(text.slice(start, i));
      if (token.includes("@") && isEmailAddress(token)) return token.toLowerCase();
    }
    start = i + 1;
  }
  return null;
}

function trimDots(token: string): string {
  let end = token.length;
  while (end > 0 && token[end - 1] === ".") end--;
  return token.slice(0, end);
}

/** A token of digits and dots with what stands right before and after it. */
type NumberRun = { run: string; before: string; after: string };

/** Every run of digits and dots in a line, in order. */
function numberRuns(line: string): NumberRun[] {
  const runs: NumberRun[] = [];
  let start = -1;
  for (let i = 0; i <= line.length; i++) {
    const c = line[i];
    const inRun = c !== undefined && ((c >= "0" && c <= "9") || c === ".");
    if (inRun && start === -1) start = i;
    if (!inRun && start !== -1) {
      runs.push({ run: line.slice(start, i), before: line[start - 1] ?? "", after: c ?? "" });
      start = -1;
    }
  }
  return runs;
}

function isLetter(c: string): boolean {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_";
}

/**
 * An RFC 3463 enhanced status code (`5.1.1`, `4.2.2`, `5.1.10`) in a line: class 2, 4 or 5, a
 * one-digit subject (0–7, the defined ones, which keeps "Exim 4.94.2" out) and a 1–3 digit detail.
 */
export function findEnhancedStatus(line: string): string | null {
  for (const { run, before, after } of numberRuns(line)) {
    if (isLetter(before) || isLetter(after)) continue;
    const parts = trimDots(run).split(".");
    if (parts.length !== 3 || run.startsWith(".")) continue;
    const [cls, subject, detail] = parts as [string, string, string];
    if (!["2", "4", "5"].includes(cls)) continue;
    if (subject.length !== 1 || subject > "7") continue;
    if (detail.length < 1 || detail.length > 3) continue;
    return parts.join(".");
  }
  return null;
}

/** A bare SMTP reply code (`550`, `452`) standing alone as a word in a line. */
export function findReplyCode(line: string): string | null {
  for (const { run, before, after } of numberRuns(line)) {
    if (run.length !== 3 || run.includes(".")) continue;
    if (isLetter(before) || isLetter(after) || after === "@") continue;
    if ((run[0] === "4" || run[0] === "5") && run[1]! <= "5") return run;
  }
  return null;
}
