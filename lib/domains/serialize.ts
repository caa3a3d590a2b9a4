import type { Domain } from "@/db/schema";
import { iso } from "../serialize";
import {
  dnsRecordsFor,
  recordOptions,
  storedRecordStatuses,
  type RecordConfig,
  type RecordStatuses,
} from "./records";

/**
 * The API shape of a domain. The DKIM private key never leaves the server; the SPF records name
 * the configured include (SPF_INCLUDE, else the APP_URL host), the return-path records
 * BOUNCE_DOMAIN and BOUNCE_MX_HOST (else `bounces.<domain>` and the APP_URL host).
 */
export function serializeDomain(domain: Domain, config: RecordConfig, statuses?: RecordStatuses) {
  return {
    id: domain.id,
    name: domain.name,
    status: domain.status,
    open_tracking: domain.openTracking,
    click_tracking: domain.clickTracking,
    records: dnsRecordsFor(domain, recordOptions(config), statuses ?? storedRecordStatuses(domain)),
    created_at: iso(domain.createdAt),
    verified_at: iso(domain.verifiedAt),
    /** `dns` (DKIM record found), `manual` (an admin vouched for it), null while unverified. */
    verification: domain.verificationMethod ?? null,
    verified_by: domain.verifiedBy ?? null,
    last_checked_at: iso(domain.lastCheckedAt),
  };
}
export type DomainResource = ReturnType<typeof serializeDomain>;
