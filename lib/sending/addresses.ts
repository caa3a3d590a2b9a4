import { isEmailAddress } from "@/lib/core/validation";

/** A parsed mailbox: `Name <addr@domain>` or a bare address. */
export type Mailbox = { name: string | null; address: string; domain: string };

const CONTROL = /[\r\n\0]/;

/**
 * The longest mailbox string accepted anywhere (from, to, cc, bcc, reply_to): a display name and
 * an address of at most 254 characters (lib/core/validation.ts) fit well inside it.
 */
export const MAX_MAILBOX_LENGTH = 400;

/**
 * Parses one mailbox. Anything carrying CR, LF or NUL is refused outright, so a value can never
 * smuggle in a header or a recipient.
 */
export function parseMailbox(value: string): Mailbox | null {
  if (value.length > MAX_MAILBOX_LENGTH || CONTROL.test(value)) return null;
  const trimmed = value.trim();
  const named = splitNamed(trimmed);
  const rawName = named
    ? named.name
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .trim()
    : null;
  const address = (named ? named.address : trimmed).trim().toLowerCase();
  if (!isEmailAddress(address)) return null;
  if (rawName !== null && /[<>]/.test(rawName)) return null;
  return { name: rawName || null, address, domain: domainOf(address) };
}

/**
 * `Name <address>`: the address is what the last `<` and the final `>` enclose (no `<` or `>`
 * inside). Index arithmetic, not /^(.*?)\s*<([^<>]+)>$/: that expression tried every split of a
 * long run of spaces (a 240 KB cc froze the process for 28 s, issue 10).
 */
function splitNamed(value: string): { name: string; address: string } | null {
  if (!value.endsWith(">")) return null;
  const open = value.lastIndexOf("<");
  const address = value.slice(open + 1, -1);
  if (open === -1 || address === "" || address.includes(">")) return null;
  const name = value.slice(0, open);
  // The expression's `.` did not cross U+2028/U+2029 inside a name; neither does this.
  if (/[\u2028\u2029]/.test(name.trimEnd())) return null;
  return { name, address };
}

/** The domain part of an address. */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1);
}

export function formatMailbox(mailbox: Pick<Mailbox, "name" | "address">): string {
  if (!mailbox.name) return mailbox.address;
  // Quote the display name; nodemailer encodes non-ASCII names on the wire.
  return `"${mailbox.name.replace(/["\\]/g, "\\$&")}" <${mailbox.address}>`;
}

/** RFC 2606 / 6761 reserved names: the only recipients a test key may use (DECISIONS §2). */
export function isReservedTestDomain(domain: string): boolean {
  const d = domain.toLowerCase().replace(/\.$/, "");
  if (["example.com", "example.net", "example.org"].some((r) => d === r || d.endsWith(`.${r}`))) {
    return true;
  }
  return (
    [".test", ".example", ".invalid", ".localhost"].some((tld) => d.endsWith(tld)) ||
    d === "localhost"
  );
}

/** `string | string[]` → list; used for cc, bcc and reply_to. */
export function asList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
