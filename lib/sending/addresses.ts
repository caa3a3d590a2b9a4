import { isEmailAddress } from "../validation";

/** A parsed mailbox: `Name <addr@domain>` or a bare address. */
export type Mailbox = { name: string | null; address: string; domain: string };

const CONTROL = /[\r\n\0]/;

/**
 * Parses one mailbox. Anything carrying CR, LF or NUL is refused outright, so a value can never
 * smuggle in a header or a recipient.
 */
export function parseMailbox(value: string): Mailbox | null {
  if (CONTROL.test(value)) return null;
  const trimmed = value.trim();
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(trimmed);
  const rawName = named
    ? named[1]!
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .trim()
    : null;
  const address = (named ? named[2]! : trimmed).trim().toLowerCase();
  if (!isEmailAddress(address)) return null;
  if (rawName !== null && /[<>]/.test(rawName)) return null;
  return { name: rawName || null, address, domain: address.slice(address.lastIndexOf("@") + 1) };
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
