import { and, eq } from "drizzle-orm";
import { suppressions, type Suppression, type SuppressionReason } from "@/db/schema";
import type { Executor } from "@/db";
import { withTransaction } from "@/lib/core/context";
import type { JobQueue } from "@/lib/core/jobs/queue";
import { enqueueWebhookDeliveries } from "../webhooks/enqueue";

/**
 * Writes to the suppression list. An address is suppressed per project; the first reason recorded
 * is kept (a later bounce does not overwrite a manual entry). The sending pipeline reads it in
 * lib/sending/outbound.ts, campaign audiences in lib/campaigns/audience.ts. Every add and removal
 * goes through this file, so each fires its webhook (`suppression.created`, `.deleted`).
 */
/** Adds an address if absent (one statement, race-free). Returns the row and whether it is new. */
export async function suppressAddress(
  db: Executor,
  jobs: JobQueue,
  projectId: string,
  email: string,
  reason: SuppressionReason,
  now: Date,
): Promise<{ suppression: Suppression; created: boolean }> {
  const address = email.trim().toLowerCase();
  return withTransaction(db, async (tx) => {
    const [inserted] = await tx
      .insert(suppressions)
      .values({ projectId, email: address, reason, createdAt: now })
      .onConflictDoNothing({ target: [suppressions.projectId, suppressions.email] })
      .returning();
    if (inserted) {
      await enqueueSuppressionWebhook(tx, jobs, "suppression.created", inserted, now);
      return { suppression: inserted, created: true };
    }
    const [existing] = await tx
      .select()
      .from(suppressions)
      .where(and(eq(suppressions.projectId, projectId), eq(suppressions.email, address)))
      .limit(1);
    // A concurrent DELETE ran between the two statements: retry, so this request's intent wins.
    if (!existing) return suppressAddress(tx, jobs, projectId, address, reason, now);
    return { suppression: existing, created: false };
  });
}

/** Removes an address; null when it was not on the list. */
export async function unsuppressAddress(
  db: Executor,
  jobs: JobQueue,
  projectId: string,
  email: string,
  now: Date,
): Promise<Suppression | null> {
  return withTransaction(db, async (tx) => {
    const [removed] = await tx
      .delete(suppressions)
      .where(
        and(
          eq(suppressions.projectId, projectId),
          eq(suppressions.email, email.trim().toLowerCase()),
        ),
      )
      .returning();
    if (!removed) return null;
    await enqueueSuppressionWebhook(tx, jobs, "suppression.deleted", removed, now);
    return removed;
  });
}

function enqueueSuppressionWebhook(
  tx: Executor,
  jobs: JobQueue,
  type: "suppression.created" | "suppression.deleted",
  suppression: Suppression,
  now: Date,
) {
  return enqueueWebhookDeliveries(tx, jobs, [
    {
      projectId: suppression.projectId,
      type,
      createdAt: now,
      data: { email: suppression.email, reason: suppression.reason },
    },
  ]);
}
