import type { Domain } from "@/db/schema";
import type { Config } from "../config";
import { iso } from "../serialize";
import { dnsRecordsFor, spfInclude, storedRecordStatuses, type RecordStatuses } from "./records";

/**
 * The API shape of a domain. The DKIM private key never leaves the server; the SPF record names
 * the configured include (SPF_INCLUDE, else the APP_URL host).
 */
export function serializeDomain(
  domain: Domain,
  config: Pick<Config, "appUrl" | "spfInclude">,
  statuses?: RecordStatuses,
) {
  return {
    id: domain.id,
    name: domain.name,
    status: domain.status,
    open_tracking: domain.openTracking,
    click_tracking: domain.clickTracking,
    records: dnsRecordsFor(
      domain,
      { spfInclude: spfInclude(config) },
      statuses ?? storedRecordStatuses(domain),
    ),
    created_at: iso(domain.createdAt),
    verified_at: iso(domain.verifiedAt),
    last_checked_at: iso(domain.lastCheckedAt),
  };
}
export type DomainResource = ReturnType<typeof serializeDomain>;
