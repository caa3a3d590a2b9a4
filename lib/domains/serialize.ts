import type { Domain } from "@/db/schema";
import { config } from "../config";
import { iso } from "../serialize";
import { dnsRecordsFor, spfInclude, storedRecordStatuses, type RecordStatuses } from "./records";

/** The API shape of a domain. The DKIM private key never leaves the server. */
export function serializeDomain(domain: Domain, statuses?: RecordStatuses) {
  return {
    id: domain.id,
    name: domain.name,
    status: domain.status,
    open_tracking: domain.openTracking,
    click_tracking: domain.clickTracking,
    records: dnsRecordsFor(
      domain,
      { spfInclude: spfInclude(config().appUrl) },
      statuses ?? storedRecordStatuses(domain),
    ),
    created_at: iso(domain.createdAt),
    verified_at: iso(domain.verifiedAt),
    last_checked_at: iso(domain.lastCheckedAt),
  };
}
export type DomainResource = ReturnType<typeof serializeDomain>;
