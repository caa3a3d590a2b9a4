import { getDomain } from "tldts";
import type { Domain } from "@/db/schema";
import type { Config } from "@/lib/core/config";
import { returnPathDomain } from "./return-path";
import { spfAdvice } from "./spf";

/** What a DNS record is for; only DKIM decides whether a domain is verified. */
export type RecordPurpose =
  "dkim" | "spf" | "dmarc" | "return_path_mx" | "return_path_spf" | "inbound_mx";
export type RecordStatus = "pending" | "verified" | "missing" | "mismatch";

type RecordFields = {
  /** The full name (FQDN) of the record. */
  name: string;
  /**
   * The name as most DNS hosts ask for it: relative to the DNS zone the record lives in (`@` at
   * the zone's apex). For `mail.example.com` the zone is `example.com`, so its DKIM record's host
   * is `mailwright._domainkey.mail`, not `mailwright._domainkey`.
   */
  host: string;
  /** The zone (registered domain, by the Public Suffix List) the host is relative to. */
  zone: string;
  value: string;
  purpose: RecordPurpose;
  required: boolean;
  status: RecordStatus;
};

/**
 * A record to publish. `value` is always the record's full data as a zone file writes it (for MX
 * `10 mx.example.com`), so `name type value` is a valid record; MX records also carry `priority`
 * for DNS providers that ask for it in a field of its own.
 */
export type DnsRecord =
  ({ type: "TXT" } & RecordFields) | ({ type: "MX"; priority: number } & RecordFields);

export type RecordStatuses = Record<RecordPurpose, RecordStatus>;

export const PENDING_STATUSES: RecordStatuses = {
  dkim: "pending",
  spf: "pending",
  dmarc: "pending",
  return_path_mx: "pending",
  return_path_spf: "pending",
  inbound_mx: "pending",
};

// One MX for the return-path domain: nothing else should receive its mail.
export const RETURN_PATH_MX_PRIORITY = 10;
// The receiving domain's own MX (DECISIONS §16), at the same host as the return path's.
export const INBOUND_MX_PRIORITY = 10;

function appHost(appUrl: string): string {
  try {
    return new URL(appUrl).hostname;
  } catch {
    // A malformed APP_URL is reported elsewhere; the suggestion still renders.
    return "localhost";
  }
}

/** The SPF include of the configured relay, or null when none is known (lib/domains/spf.ts). */
export function spfInclude(
  config: Pick<Config, "spfInclude" | "smtpUrl" | "resendApiKey">,
): string | null {
  return spfAdvice(config).include;
}

/** The host the return-path MX names: BOUNCE_MX_HOST, else this instance's host. */
export function bounceMxHost(config: Pick<Config, "appUrl" | "bounceMxHost">): string {
  return (config.bounceMxHost || appHost(config.appUrl)).toLowerCase().replace(/\.$/, "");
}

export type RecordOptions = {
  /** Null: no relay include is known, so no SPF record is suggested (the UI says why). */
  spfInclude: string | null;
  /** BOUNCE_DOMAIN: one return-path domain shared by every sending domain. */
  bounceDomain: string | undefined;
  bounceMxHost: string;
};

export type RecordConfig = Pick<
  Config,
  "appUrl" | "spfInclude" | "smtpUrl" | "resendApiKey" | "bounceDomain" | "bounceMxHost"
>;

export function recordOptions(config: RecordConfig): RecordOptions {
  return {
    spfInclude: spfInclude(config),
    bounceDomain: config.bounceDomain,
    bounceMxHost: bounceMxHost(config),
  };
}

export function dkimRecordName(domain: Pick<Domain, "name" | "dkimSelector">): string {
  return `${domain.dkimSelector}._domainkey.${domain.name}`;
}

/**
 * The records to publish, in display order: DKIM (required), SPF and DMARC (suggested), then the
 * return-path domain's MX and SPF (suggested: bounces and complaints come back through them),
 * then, for a receiving domain, its own MX (required for it to receive anything).
 */
export function dnsRecordsFor(
  domain: Pick<Domain, "name" | "dkimSelector" | "dkimPublicKey"> &
    Partial<Pick<Domain, "receiving">>,
  options: RecordOptions,
  statuses: RecordStatuses = PENDING_STATUSES,
): DnsRecord[] {
  const returnPath = returnPathDomain(options, domain.name);
  const spf = options.spfInclude && `v=spf1 include:${options.spfInclude} ~all`;
  const records: DnsRecordDraft[] = [
    {
      type: "TXT",
      name: dkimRecordName(domain),
      value: `v=DKIM1; k=rsa; p=${domain.dkimPublicKey}`,
      purpose: "dkim",
      required: true,
      status: statuses.dkim,
    },
    spf && {
      type: "TXT",
      name: domain.name,
      value: spf,
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
    {
      type: "MX",
      name: returnPath,
      value: `${RETURN_PATH_MX_PRIORITY} ${options.bounceMxHost}`,
      priority: RETURN_PATH_MX_PRIORITY,
      purpose: "return_path_mx",
      required: false,
      status: statuses.return_path_mx,
    },
    spf && {
      type: "TXT",
      name: returnPath,
      value: spf,
      purpose: "return_path_spf",
      required: false,
      status: statuses.return_path_spf,
    },
    domain.receiving === true && {
      type: "MX",
      name: domain.name,
      value: `${INBOUND_MX_PRIORITY} ${options.bounceMxHost}`,
      priority: INBOUND_MX_PRIORITY,
      purpose: "inbound_mx",
      required: true,
      status: statuses.inbound_mx,
    },
  ];
  // Without a known relay include there is no SPF record to suggest (the UI explains what to add).
  return records.filter((r): r is RecordWithoutHost => Boolean(r)).map(withZoneHost);
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type RecordWithoutHost = DistributiveOmit<DnsRecord, "host" | "zone">;
type DnsRecordDraft = RecordWithoutHost | "" | null | false;

/** The record's zone (registered domain by the Public Suffix List) and its name relative to it. */
export function zoneHost(name: string): { zone: string; host: string } {
  const zone = getDomain(name, { allowPrivateDomains: true }) ?? name;
  if (name === zone) return { zone, host: "@" };
  return { zone, host: name.endsWith(`.${zone}`) ? name.slice(0, -zone.length - 1) : name };
}

function withZoneHost(record: RecordWithoutHost): DnsRecord {
  return { ...record, ...zoneHost(record.name) } as DnsRecord;
}

/**
 * Record statuses as far as the stored row tells them (GET after a verify). The domain row keeps
 * only the DKIM outcome, encoded in its status: verified, failed (a DKIM record that does not
 * match) or pending (not found yet, or never checked). The other results are only returned by
 * the verify call itself, so a plain read reports them as pending.
 */
export function storedRecordStatuses(
  domain: Pick<Domain, "status" | "lastCheckedAt"> & Partial<Pick<Domain, "verificationMethod">>,
): RecordStatuses {
  // A manually verified domain has never had its DKIM record found (a found one makes it `dns`).
  const manual = domain.status === "verified" && domain.verificationMethod === "manual";
  const dkim: RecordStatus =
    domain.status === "verified" && !manual
      ? "verified"
      : domain.status === "failed"
        ? "mismatch"
        : domain.lastCheckedAt
          ? "missing"
          : "pending";
  return { ...PENDING_STATUSES, dkim };
}
