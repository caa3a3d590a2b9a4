import type { RecordStatus } from "./records";

/**
 * Pure checks of DNS lookup results against the expected records. A TXT record arrives as
 * chunks of at most 255 characters: chunks are joined before anything is compared.
 */
export type TxtLookup =
  { kind: "found"; records: string[] } | { kind: "missing" } | { kind: "error"; code: string };

export type MxLookup =
  | { kind: "found"; records: { exchange: string; priority: number }[] }
  | { kind: "missing" }
  | { kind: "error"; code: string };

export function joinTxtChunks(records: string[][]): string[] {
  return records.map((chunks) => chunks.join(""));
}

function withoutWhitespace(value: string): string {
  return value.replace(/\s+/g, "");
}

/** Tag-value pairs of a DKIM/DMARC record (`v=DKIM1; k=rsa; p=…`), names lowercased. */
export function parseTagList(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(";")) {
    const at = part.indexOf("=");
    if (at <= 0) continue;
    tags.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  return tags;
}

/** DKIM matches when some record's p= equals the public key, ignoring whitespace. */
export function checkDkim(lookup: TxtLookup, publicKeyBase64: string): RecordStatus {
  if (lookup.kind === "missing") return "missing";
  if (lookup.kind === "error") return "pending";
  const expected = withoutWhitespace(publicKeyBase64);
  const candidates = lookup.records.map((r) => parseTagList(r).get("p"));
  if (candidates.some((p) => p !== undefined && withoutWhitespace(p) === expected)) {
    return "verified";
  }
  return lookup.records.length === 0 ? "missing" : "mismatch";
}

/** SPF is verified when the domain's v=spf1 record includes the relay. */
export function checkSpf(lookup: TxtLookup, include: string): RecordStatus {
  if (lookup.kind === "missing") return "missing";
  if (lookup.kind === "error") return "pending";
  const spf = lookup.records.filter((r) => /^v=spf1(\s|$)/i.test(r.trim()));
  if (spf.length === 0) return "missing";
  const wanted = `include:${include}`.toLowerCase();
  const includes = (r: string) =>
    r
      .toLowerCase()
      .split(/\s+/)
      .some((term) => term.replace(/^[+?~-]/, "") === wanted);
  return spf.some(includes) ? "verified" : "mismatch";
}

/** Any DMARC policy record counts: the published value is only a suggestion. */
export function checkDmarc(lookup: TxtLookup): RecordStatus {
  if (lookup.kind === "missing") return "missing";
  if (lookup.kind === "error") return "pending";
  return lookup.records.some((r) => /^v=DMARC1(\s*;|\s*$)/i.test(r.trim()))
    ? "verified"
    : "missing";
}

// DNS names compare case-insensitively; answers and settings may or may not end in the root dot.
function hostKey(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, "");
}

/**
 * The return-path MX is verified when some MX record of the domain names the expected host (any
 * priority: a lower-priority backup beside it still delivers bounces to it eventually).
 */
export function checkMx(lookup: MxLookup, host: string): RecordStatus {
  if (lookup.kind === "missing") return "missing";
  if (lookup.kind === "error") return "pending";
  if (lookup.records.length === 0) return "missing";
  const expected = hostKey(host);
  return lookup.records.some((r) => hostKey(r.exchange) === expected) ? "verified" : "mismatch";
}
