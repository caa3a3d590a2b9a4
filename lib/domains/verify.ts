import { and, eq } from "drizzle-orm";
import { domains, type Domain } from "@/db/schema";
import type { ServiceContext } from "../context";
import { NotFoundError } from "../errors";
import { returnPathDomain } from "./return-path";
import { checkDkim, checkDmarc, checkMx, checkSpf } from "./check";
import { currentDnsResolver, lookupMx, lookupTxt, type DnsResolver } from "./dns";
import { findDomainOrThrow } from "./internal";
import { dkimRecordName, recordOptions, type RecordOptions, type RecordStatuses } from "./records";
import { authorize } from "../permissions";

/** Looks up every record; never throws for DNS trouble (it becomes a record status). */
export async function checkDomainRecords(
  domain: Pick<Domain, "name" | "dkimSelector" | "dkimPublicKey">,
  resolver: DnsResolver,
  options: RecordOptions,
): Promise<RecordStatuses> {
  const returnPath = returnPathDomain(options, domain.name);
  const [dkim, spf, dmarc, returnPathMx, returnPathSpf] = await Promise.all([
    lookupTxt(resolver, dkimRecordName(domain)),
    lookupTxt(resolver, domain.name),
    lookupTxt(resolver, `_dmarc.${domain.name}`),
    lookupMx(resolver, returnPath),
    lookupTxt(resolver, returnPath),
  ]);
  return {
    dkim: checkDkim(dkim, domain.dkimPublicKey),
    spf: checkSpf(spf, options.spfInclude),
    dmarc: checkDmarc(dmarc),
    return_path_mx: checkMx(returnPathMx, options.bounceMxHost),
    return_path_spf: checkSpf(returnPathSpf, options.spfInclude),
  };
}

/** Domain status after a check: DKIM alone decides (the other records are advice). */
export function domainStatusFor(statuses: RecordStatuses): Domain["status"] {
  if (statuses.dkim === "verified") return "verified";
  return statuses.dkim === "mismatch" ? "failed" : "pending";
}

/**
 * POST /v1/domains/:id/verify — real DNS lookups (outside any transaction), then the domain's
 * status follows the DKIM result. A domain that stops verifying stops being usable for `from`.
 */
export async function verifyDomain(
  ctx: ServiceContext,
  domainId: string,
  resolver: DnsResolver = currentDnsResolver(ctx.config),
) {
  authorize(ctx, "domains.manage");
  const domain = await findDomainOrThrow(ctx.db, ctx.projectId, domainId);
  const statuses = await checkDomainRecords(domain, resolver, recordOptions(ctx.config));
  // A lookup that failed for a transient reason ("pending": timeout, SERVFAIL) says nothing new:
  // a verified domain stays verified rather than breaking every send until the next check.
  const status =
    statuses.dkim === "pending" && domain.status === "verified"
      ? "verified"
      : domainStatusFor(statuses);
  const now = ctx.clock.now();
  const [updated] = await ctx.db
    .update(domains)
    .set({
      status,
      verifiedAt:
        status !== "verified" ? null : domain.status === "verified" ? domain.verifiedAt : now,
      lastCheckedAt: now,
      updatedAt: now,
    })
    .where(and(eq(domains.projectId, ctx.projectId), eq(domains.id, domainId)))
    .returning();
  // Deleted while DNS was being asked.
  if (!updated) throw new NotFoundError("Domain");
  return { domain: updated, statuses };
}
