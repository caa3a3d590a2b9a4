import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { domains } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { authorize } from "@/lib/core/permissions";
import { parseInput } from "@/lib/core/validation";
import { findDomainOrThrow } from "./internal";

export const MarkDomainVerifiedInput = z.object({
  /** Who vouches for the domain, shown as "Marked verified by <by>" (the admin's email). */
  by: z.string({ error: "is required" }).trim().min(1, "is required").max(320),
});

/**
 * An admin's override of the DNS check (the dashboard's "Mark as verified", like the CLI's
 * `--verified`): for laptops, test relays, or DNS managed where this server cannot see it. Mail
 * from a domain without its DKIM record in DNS is likely rejected or filed as spam; the UI says
 * so before calling this. Marking an already verified domain keeps its original record.
 */
export async function markDomainVerified(ctx: ServiceContext, domainId: string, input: unknown) {
  authorize(ctx, "domains.manage");
  const { by } = parseInput(MarkDomainVerifiedInput, input);
  const domain = await findDomainOrThrow(ctx.db, ctx.projectId, domainId);
  if (domain.status === "verified") return domain;
  const now = ctx.clock.now();
  const [updated] = await ctx.db
    .update(domains)
    .set({
      status: "verified",
      verifiedAt: now,
      verificationMethod: "manual",
      verifiedBy: by,
      updatedAt: now,
    })
    .where(and(eq(domains.projectId, ctx.projectId), eq(domains.id, domainId)))
    .returning();
  if (!updated) throw new NotFoundError("Domain");
  return updated;
}
