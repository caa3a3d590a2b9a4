import type { Domain } from "@/db/schema";
import type { Config } from "../config";

/** What a DNS record is for; only DKIM decides whether a domain is verified. */
export type RecordPurpose = "dkim" | "spf" | "dmarc";
export type RecordStatus = "pending" | "verified" | "missing" | "mismatch";

export type DnsRecord = {
  type: "TXT";
  name: string;
  value: string;
  purpose: RecordPurpose;
  required: boolean;
  status: RecordStatus;
};

export type RecordStatuses = Record<RecordPurpose, RecordStatus>;

/**
 * The SPF include of the sending relay. Operators set SPF_INCLUDE to their relay's SPF domain
 * (for example `amazonses.com` or their own MTA's); the fallback names this instance's host.
 */
export function spfInclude(config: Pick<Config, "appUrl" | "spfInclude">): string {
  if (config.spfInclude) return config.spfInclude;
  let host = "localhost";
  try {
    host = new URL(config.appUrl).hostname;
  } catch {
    // A malformed APP_URL is reported elsewhere; the suggestion still renders.
  }
  return `_spf.${host}`;
}

export type RecordOptions = { spfInclude: string };

export function dkimRecordName(domain: Pick<Domain, "name" | "dkimSelector">): string {
  return `${domain.dkimSelector}._domainkey.${domain.name}`;
}

/** The records to publish, in display order: DKIM (required), SPF and DMARC (suggested). */
export function dnsRecordsFor(
  domain: Pick<Domain, "name" | "dkimSelector" | "dkimPublicKey">,
  options: RecordOptions,
  statuses: RecordStatuses = { dkim: "pending", spf: "pending", dmarc: "pending" },
): DnsRecord[] {
  return [
    {
      type: "TXT",
      name: dkimRecordName(domain),
      value: `v=DKIM1; k=rsa; p=${domain.dkimPublicKey}`,
      purpose: "dkim",
      required: true,
      status: statuses.dkim,
    },
    {
      type: "TXT",
      name: domain.name,
      value: `v=spf1 include:${options.spfInclude} ~all`,
      purpose: "spf",
      required: false,
      status: statuses.spf,
    },
    {
      type: "TXT",
      name: `_dmarc.${domain.name}`,
      value: `v=DMARC1; p=none; rua=mailto:dmarc@${domain.name}`,
      purpose: "dmarc",
      required: false,
      status: statuses.dmarc,
    },
  ];
}

/**
 * Record statuses as far as the stored row tells them (GET after a verify). The domain row keeps
 * only the DKIM outcome, encoded in its status: verified, failed (a DKIM record that does not
 * match) or pending (not found yet, or never checked). SPF and DMARC results are only returned by
 * the verify call itself, so a plain read reports them as pending.
 */
export function storedRecordStatuses(
  domain: Pick<Domain, "status" | "lastCheckedAt">,
): RecordStatuses {
  const dkim: RecordStatus =
    domain.status === "verified"
      ? "verified"
      : domain.status === "failed"
        ? "mismatch"
        : domain.lastCheckedAt
          ? "missing"
          : "pending";
  return { dkim, spf: "pending", dmarc: "pending" };
}
