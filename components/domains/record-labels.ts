import type { DnsRecord, RecordPurpose } from "@/lib/domains/records";

export const RECORD_PURPOSE: Record<RecordPurpose, { label: string; hint: string }> = {
  dkim: { label: "DKIM", hint: "Signs your mail so receivers can trust it came from you." },
  spf: { label: "SPF", hint: "Authorises the sending relay for your domain." },
  dmarc: { label: "DMARC", hint: "Tells receivers what to do with mail that fails checks." },
  return_path_mx: {
    label: "Return-path MX",
    hint: "Routes bounces and complaints to the server that records them.",
  },
  return_path_spf: {
    label: "Return-path SPF",
    hint: "Authorises the sending relay for the return-path domain.",
  },
  inbound_mx: {
    label: "Inbound MX",
    hint: "Routes mail sent to addresses at this domain to Mailwright, which keeps it as received email.",
  },
};

/** The records of the return-path domain, shown as a group of their own. */
export function isReturnPathRecord(record: DnsRecord): boolean {
  return record.purpose === "return_path_mx" || record.purpose === "return_path_spf";
}

/** An MX record's mail server: its value without the leading priority. */
export function mxHost(record: Extract<DnsRecord, { type: "MX" }>): string {
  return record.value.slice(String(record.priority).length).trim();
}

/** "A", "A and B", "A, B and C". */
export function listOf(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
