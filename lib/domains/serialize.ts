import { z } from "zod";
import type { Domain } from "@/db/schema";
import { iso, Timestamp } from "@/lib/core/serialize";
import {
  dnsRecordsFor,
  recordOptions,
  storedRecordStatuses,
  type RecordConfig,
  type RecordStatuses,
} from "./records";

const recordFields = {
  name: z.string().meta({ example: "mailwright._domainkey.acme.example" }),
  host: z.string(),
  zone: z.string(),
  value: z.string(),
  purpose: z.enum(["dkim", "spf", "dmarc", "return_path_mx", "return_path_spf", "inbound_mx"]),
  required: z.boolean(),
  status: z.enum(["pending", "verified", "missing", "mismatch"]),
};
const DnsRecordResponse = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("TXT"), ...recordFields }),
  z.strictObject({ type: z.literal("MX"), priority: z.number().int(), ...recordFields }),
]);

export const DomainResponse = z.strictObject({
  id: z.string().meta({ example: "dom_4VxP9qLm2KcT7wRb" }),
  name: z.string().meta({ example: "acme.example" }),
  status: z.enum(["pending", "verified", "failed"]),
  open_tracking: z.boolean(),
  click_tracking: z.boolean(),
  /** DECISIONS §16: the inbound receiver accepts mail for any address at this domain. */
  receiving: z.boolean(),
  records: z.array(DnsRecordResponse),
  created_at: Timestamp,
  verified_at: Timestamp.nullable(),
  verification: z.enum(["dns", "manual"]).nullable(),
  verified_by: z.string().nullable(),
  last_checked_at: Timestamp.nullable(),
});
export type DomainResource = z.infer<typeof DomainResponse>;

/**
 * The API shape of a domain. The DKIM private key never leaves the server; the SPF records name
 * the configured include (SPF_INCLUDE, else the APP_URL host), the return-path records
 * BOUNCE_DOMAIN and BOUNCE_MX_HOST (else `bounces.<domain>` and the APP_URL host).
 */
export function serializeDomain(
  domain: Domain,
  config: RecordConfig,
  statuses?: RecordStatuses,
): DomainResource {
  return {
    id: domain.id,
    name: domain.name,
    status: domain.status,
    open_tracking: domain.openTracking,
    click_tracking: domain.clickTracking,
    receiving: domain.receiving,
    records: dnsRecordsFor(domain, recordOptions(config), statuses ?? storedRecordStatuses(domain)),
    created_at: iso(domain.createdAt),
    verified_at: iso(domain.verifiedAt),
    /** `dns` (DKIM record found), `manual` (an admin vouched for it), null while unverified. */
    verification: domain.verificationMethod ?? null,
    verified_by: domain.verifiedBy ?? null,
    last_checked_at: iso(domain.lastCheckedAt),
  };
}
