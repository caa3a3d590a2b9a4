import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { domains } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/core/errors";
import { authorize } from "@/lib/core/permissions";
import { parseInput } from "@/lib/core/validation";
import { isUniqueViolation } from "@/lib/core/unique-violation";
import { findDomainOrThrow } from "./internal";

const SETTINGS = ["open_tracking", "click_tracking", "receiving"] as const;
const ALLOWED = `allowed: ${SETTINGS.join(", ")}`;
const Toggle = z.boolean({ error: "must be true or false" });

/**
 * PATCH /v1/domains/:id. Only the tracking switches and receiving can change (a domain's name and
 * keys are fixed; delete and add it again instead). Unknown keys are refused rather than ignored,
 * so a typo such as `click_traking` cannot look like a successful change.
 */
export const UpdateDomainInput = z
  .looseObject(
    {
      open_tracking: Toggle.optional(),
      click_tracking: Toggle.optional(),
      receiving: Toggle.optional(),
    },
    { error: "must be a JSON object" },
  )
  .superRefine((value, issue) => {
    const keys = Object.keys(value);
    for (const key of keys.filter((k) => !(SETTINGS as readonly string[]).includes(k))) {
      issue.addIssue({
        code: "custom",
        path: [key],
        message: `is not a domain setting (${ALLOWED})`,
      });
    }
    if (keys.length === 0) {
      issue.addIssue({ code: "custom", message: `must change at least one setting (${ALLOWED})` });
    }
  });
// Spelled out: the loose object (unknown keys reach the refinement) infers an index signature.
export type UpdateDomainInput = {
  open_tracking?: boolean;
  click_tracking?: boolean;
  receiving?: boolean;
};

const receivingTaken = (name: string) =>
  new ConflictError(
    `Another project already receives email at ${name}: turn receiving off there first.`,
    "domain_receiving_taken",
  );

export async function updateDomain(ctx: ServiceContext, domainId: string, input: unknown) {
  authorize(ctx, "domains.manage");
  const values = parseInput(UpdateDomainInput, input);
  if (values.receiving) await checkCanReceive(ctx, domainId);
  try {
    const [domain] = await ctx.db
      .update(domains)
      .set({
        ...(values.open_tracking !== undefined && { openTracking: values.open_tracking }),
        ...(values.click_tracking !== undefined && { clickTracking: values.click_tracking }),
        ...(values.receiving !== undefined && { receiving: values.receiving }),
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(domains.projectId, ctx.projectId), eq(domains.id, domainId)))
      .returning();
    if (!domain) throw new NotFoundError("Domain");
    return domain;
  } catch (error) {
    // Two projects turning receiving on at once: the unique index decides, the loser gets 409.
    if (values.receiving && isUniqueViolation(error)) {
      const domain = await findDomainOrThrow(ctx.db, ctx.projectId, domainId);
      throw receivingTaken(domain.name);
    }
    throw error;
  }
}

/**
 * Receiving needs a verified domain (only a proven owner may take a name's mail) that no other
 * project receives at (one MX, one mailbox: docs/decisions/0052).
 */
async function checkCanReceive(ctx: ServiceContext, domainId: string) {
  const domain = await findDomainOrThrow(ctx.db, ctx.projectId, domainId);
  if (domain.receiving) return;
  if (domain.status !== "verified") {
    throw new ValidationError(
      `Verify ${domain.name} before receiving email at it.`,
      [{ path: "receiving", message: "needs a verified domain" }],
      "domain_not_verified",
    );
  }
  const [other] = await ctx.db
    .select({ id: domains.id })
    .from(domains)
    .where(
      and(eq(domains.name, domain.name), eq(domains.receiving, true), ne(domains.id, domain.id)),
    )
    .limit(1);
  if (other) throw receivingTaken(domain.name);
}
