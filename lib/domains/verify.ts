import { and, eq } from "drizzle-orm";
import { domains, type Domain } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { returnPathDomain } from "./return-path";
import { checkDkim, checkDmarc, checkMx, checkSpf } from "./check";
import type { DnsResolver } from "@/lib/core/dns";
import { lookupMx, lookupTxt } from "./dns";
import { findDomainOrThrow } from "./internal";
import { dkimRecordName, recordOptions, type RecordOptions, type RecordStatuses } from "./records";
import { authorize } from "@/lib/core/permissions";

/** Looks up every record; never throws for DNS trouble (it becomes a record status). */
export async function checkDomainRecords(
  domain: Pick<Domain, "name" | "dkimSelector" | "dkimPublicKey"> &
    Partial<Pick<Domain, "receiving">>,
  resolver: DnsResolver,
  options: RecordOptions,
): Promise<RecordStatuses> {
  const returnPath = returnPathDomain(options, domain.name);
  const [dkim, spf, dmarc, returnPathMx, returnPathSpf, inboundMx] = await Promise.all([
    lookupTxt(resolver, dkimRecordName(domain)),
    lookupTxt(resolver, domain.name),
    lookupTxt(resolver, `_dmarc.${domain.name}`),
    lookupMx(resolver, returnPath),
    lookupTxt(resolver, returnPath),
    domain.receiving ? lookupMx(resolver, domain.name) : undefined,
  ]);
  return {
    dkim: checkDkim(dkim, domain.dkimPublicKey),
    spf: options.spfInclude ? checkSpf(spf, options.spfInclude) : "pending",
    dmarc: checkDmarc(dmarc),
    return_path_mx: checkMx(returnPathMx, options.bounceMxHost),
    return_path_spf: options.spfInclude ? checkSpf(returnPathSpf, options.spfInclude) : "pending",
    inbound_mx: inboundMx ? checkMx(inboundMx, options.bounceMxHost) : "pending",
  };
}

/** Domain status after a check: DKIM alone decides (the other records are advice). */
export function domainStatusFor(statuses: RecordStatuses): Domain["status"] {
  if (statuses.dkim === "verified") return "verified";
  return statuses.dkim === "mismatch" ? "failed" : "pending";
}

export type VerifyDomainOptions = {
  /**
   * What a definite DKIM failure (record missing or different) does to a domain verified by DNS:
   * `demote` (the API: it no longer proves ownership) or `keep` (the dashboard, which asks first).
   * A manually verified domain is never demoted by a check, whatever this says.
   */
  onFailure?: "demote" | "keep";
  /** The runtime's resolver unless given. */
  resolver?: DnsResolver;
};

/**
 * POST /v1/domains/:id/verify — real DNS lookups (outside any transaction), then the domain's
 * status follows the DKIM result, except that a verified domain is only demoted by a definite
 * failure, with consent, and never when an admin vouched for it (docs/decisions, re-checks).
 * `keptVerified` says a verified domain failed the check but stays verified.
 */
export async function verifyDomain(
  ctx: ServiceContext,
  domainId: string,
  { onFailure = "demote", resolver = ctx.dns }: VerifyDomainOptions = {},
) {
  authorize(ctx, "domains.manage");
  const domain = await findDomainOrThrow(ctx.db, ctx.projectId, domainId);
  const statuses = await checkDomainRecords(domain, resolver, recordOptions(ctx.config));
  const wasVerified = domain.status === "verified";
  const definiteFailure = statuses.dkim === "missing" || statuses.dkim === "mismatch";
  const keptVerified =
    wasVerified &&
    definiteFailure &&
    (domain.verificationMethod === "manual" || onFailure === "keep");
  // A lookup that failed for a transient reason ("pending": timeout, SERVFAIL) says nothing new:
  // a verified domain stays verified rather than breaking every send until the next check.
  const status =
    wasVerified && (statuses.dkim === "pending" || keptVerified)
      ? "verified"
      : domainStatusFor(statuses);
  const now = ctx.clock.now();
  const provenByDns = statuses.dkim === "verified";
  const [updated] = await ctx.db
    .update(domains)
    .set({
      status,
      verifiedAt: status !== "verified" ? null : wasVerified ? domain.verifiedAt : now,
      verificationMethod:
        status !== "verified" ? null : provenByDns ? "dns" : domain.verificationMethod,
      verifiedBy: status !== "verified" || provenByDns ? null : domain.verifiedBy,
      lastCheckedAt: now,
      updatedAt: now,
    })
    .where(and(eq(domains.projectId, ctx.projectId), eq(domains.id, domainId)))
    .returning();
  // Deleted while DNS was being asked.
  if (!updated) throw new NotFoundError("Domain");
  return { domain: updated, statuses, keptVerified };
}
