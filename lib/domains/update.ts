import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { domains } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { authorize } from "@/lib/core/permissions";
import { parseInput } from "@/lib/core/validation";

const SETTINGS = ["open_tracking", "click_tracking"] as const;
const ALLOWED = `allowed: ${SETTINGS.join(", ")}`;
const Toggle = z.boolean({ error: "must be true or false" });

/**
 * PATCH /v1/domains/:id. Only the tracking switches can change (a domain's name and keys are
 * fixed; delete and add it again instead). Unknown keys are refused rather than ignored, so a
 * typo such as `click_traking` cannot look like a successful change.
 */
export const UpdateDomainInput = z
  .looseObject(
    { open_tracking: Toggle.optional(), click_tracking: Toggle.optional() },
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
export type UpdateDomainInput = { open_tracking?: boolean; click_tracking?: boolean };

export async function updateDomain(ctx: ServiceContext, domainId: string, input: unknown) {
  authorize(ctx, "domains.manage");
  const values = parseInput(UpdateDomainInput, input);
  const [domain] = await ctx.db
    .update(domains)
    .set({
      ...(values.open_tracking !== undefined && { openTracking: values.open_tracking }),
      ...(values.click_tracking !== undefined && { clickTracking: values.click_tracking }),
      updatedAt: ctx.clock.now(),
    })
    .where(and(eq(domains.projectId, ctx.projectId), eq(domains.id, domainId)))
    .returning();
  if (!domain) throw new NotFoundError("Domain");
  return domain;
}
