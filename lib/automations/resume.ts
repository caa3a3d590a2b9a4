import { and, eq } from "drizzle-orm";
import { automations } from "@/db/schema";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { ConflictError } from "@/lib/core/errors";
import { deliverEmailJob } from "@/lib/sending/jobs";
import { releaseHeldEmails } from "../sending/hold";
import { findAutomationOrThrow } from "./internal";
import { resumeRunsOfAutomation } from "./runs";

/**
 * POST /v1/automations/:id/resume — an automation the circuit breaker paused goes live again
 * (409 for any other status) and its runs continue where they stood. The breaker judges only
 * what it sends from now on (`live_since`), so it cannot trip again on the sends that paused it.
 */
export async function resumeAutomation(ctx: ServiceContext, automationId: string) {
  const now = ctx.clock.now();
  const resumed = await withTransaction(ctx.db, async (tx) => {
    const current = await findAutomationOrThrow(tx, ctx.projectId, automationId, {
      forUpdate: true,
    });
    if (current.status !== "paused") {
      throw new ConflictError(
        `The automation is ${current.status}: only a paused automation can be resumed.`,
        "automation_not_paused",
      );
    }
    const [automation] = await tx
      .update(automations)
      .set({
        status: "live",
        pausedReason: null,
        pausedAt: null,
        pauseStats: null,
        liveSince: now,
        updatedAt: now,
      })
      .where(and(eq(automations.id, current.id), eq(automations.status, "paused")))
      .returning();
    await resumeRunsOfAutomation(tx, current.id, now);
    // Emails whose delivery found the automation paused go out now.
    await releaseHeldEmails(tx, ctx.jobs, { automationId: current.id });
    return automation!;
  });
  ctx.dueWork.wake();
  ctx.jobs.notify(deliverEmailJob);
  return resumed;
}
