import { and, eq } from "drizzle-orm";
import { emails } from "@/db/schema";
import { EVENT_EMAIL_COLUMNS, recordEmailEvents } from "../emails/events";
import { deliverEmailJob } from "./jobs";
import type { Runtime } from "@/lib/core/runtime";
import { enqueueDeliveries } from "./record";
import { awaitingOutcome } from "./claims";

type SweepDeps = Pick<Runtime, "db" | "clock" | "jobs" | "transports">;

/**
 * Emails accepted while their project had no way out wait as `queued`. When delivery becomes
 * possible — a worker starts with SMTP_URL set, or an admin saves a relay (the release job) —
 * they move to `sent` (an event recorded like every other, data `released: true`) and get their
 * delivery jobs, a batch per transaction. `projectId` limits it to one project; without it every
 * project with queued mail that can now deliver is released.
 */
export async function releaseQueuedEmails(
  runtime: SweepDeps,
  options: { projectId?: string; batchSize?: number } = {},
): Promise<number> {
  const projectIds = options.projectId
    ? [options.projectId]
    : await projectsWithQueuedEmail(runtime);
  let released = 0;
  for (const projectId of projectIds) {
    // Read now, not from this process's cache: the release job may run before it refreshes.
    const route = await runtime.transports.route(projectId, { fresh: true });
    if (route.relays.length === 0) continue;
    released += await releaseProject(runtime, projectId, options.batchSize ?? 500);
  }
  if (released > 0) runtime.jobs.notify(deliverEmailJob);
  return released;
}

async function projectsWithQueuedEmail(runtime: SweepDeps): Promise<string[]> {
  const rows = await runtime.db
    .selectDistinct({ projectId: emails.projectId })
    .from(emails)
    .where(and(eq(emails.status, "queued"), eq(emails.mode, "live")));
  return rows.map((r) => r.projectId);
}

async function releaseProject(runtime: SweepDeps, projectId: string, batchSize: number) {
  let released = 0;
  for (;;) {
    const now = runtime.clock.now();
    const count = await runtime.db.transaction(async (tx) => {
      const batch = await tx
        .select({ ...EVENT_EMAIL_COLUMNS, type: emails.type })
        .from(emails)
        .where(
          and(
            eq(emails.projectId, projectId),
            eq(emails.status, "queued"),
            eq(emails.mode, "live"),
          ),
        )
        .orderBy(emails.createdAt)
        .limit(batchSize)
        .for("update", { skipLocked: true });
      await recordEmailEvents(
        tx,
        runtime.jobs,
        batch.map((email) => ({ email, type: "sent", now, data: { released: true } })),
      );
      await enqueueDeliveries(tx, runtime.jobs, batch);
      return batch.length;
    });
    released += count;
    if (count < batchSize) break;
  }
  return released;
}

/** An email whose delivery job found no way out (relays removed meanwhile) waits again. */
export async function requeueUndeliverable(
  runtime: Pick<Runtime, "db" | "clock" | "jobs">,
  ids: string[],
) {
  if (ids.length === 0) return;
  const now = runtime.clock.now();
  await runtime.db.transaction(async (tx) => {
    const back = await tx
      .update(emails)
      .set({ status: "queued", updatedAt: now })
      .where(awaitingOutcome(ids))
      .returning();
    await recordEmailEvents(
      tx,
      runtime.jobs,
      back.map((email) => ({ email, type: "queued", now, data: { reason: "no_delivery" } })),
    );
  });
}
