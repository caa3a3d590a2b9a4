import { automations } from "@/db/schema";
import { eq } from "drizzle-orm";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { triggerKeyOf } from "./enroll";
import { assertStepTemplatesExist, findAutomationOrThrow } from "./internal";
import { pauseRunsOfAutomation, relocateRunsOffRemovedSteps, resumeRunsOfAutomation } from "./runs";
import { parseUpdateAutomation } from "./schemas";
import { releaseHeldEmails } from "../sending/hold";

/**
 * PATCH /v1/automations/:id: any of name, trigger, steps, status. The row is locked so a status
 * change and the matching pause/resume of its runs happen atomically.
 */
export async function updateAutomation(ctx: ServiceContext, automationId: string, input: unknown) {
  const values = parseUpdateAutomation(input);
  const now = ctx.clock.now();
  const updated = await withTransaction(ctx.db, async (tx) => {
    const current = await findAutomationOrThrow(tx, ctx.projectId, automationId, {
      forUpdate: true,
    });
    if (values.steps) await assertStepTemplatesExist(tx, ctx.projectId, values.steps);
    const [automation] = await tx
      .update(automations)
      .set({
        ...(values.name !== undefined && { name: values.name }),
        ...(values.trigger !== undefined && {
          trigger: values.trigger,
          triggerKey: triggerKeyOf(values.trigger),
        }),
        ...(values.steps !== undefined && { steps: values.steps }),
        ...(values.status !== undefined &&
          values.status !== current.status && {
            status: values.status,
            // Leaving `paused` by hand ends the pause; going live starts the breaker's window.
            pausedReason: null,
            pausedAt: null,
            pauseStats: null,
            ...(values.status === "live" && { liveSince: now }),
          }),
        updatedAt: now,
      })
      .where(eq(automations.id, current.id))
      .returning();
    if (values.steps) {
      await relocateRunsOffRemovedSteps(tx, current.id, current.steps, values.steps, now);
    }
    if (current.status === "live" && values.status === "draft") {
      await pauseRunsOfAutomation(tx, current.id, now);
    } else if (current.status !== "live" && values.status === "live") {
      await resumeRunsOfAutomation(tx, current.id, now);
      // Going live from a breaker pause: emails held by it go out too.
      if (current.status === "paused")
        await releaseHeldEmails(tx, ctx.jobs, { automationId: current.id });
    }
    return automation!;
  });
  // Resumed or relocated runs may be due now.
  if (values.steps || values.status === "live") ctx.dueWork.wake();
  return updated;
}
