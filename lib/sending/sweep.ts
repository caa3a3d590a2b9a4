import { and, eq, inArray } from "drizzle-orm";
import { emailEvents, emails } from "@/db/schema";
import { newId } from "../ids";
import { JOBS, PRIORITY } from "../jobs/names";
import type { Runtime } from "../runtime";
import { isDeliveryConfigured } from "./transports";

/**
 * Emails accepted while no provider was configured wait as `queued`. When a worker starts with
 * delivery configured, they move to `sent` and get their delivery jobs, a batch per transaction.
 */
export async function releaseQueuedEmails(runtime: Runtime, batchSize = 500): Promise<number> {
  if (!isDeliveryConfigured(runtime.config)) return 0;
  let released = 0;
  for (;;) {
    const now = runtime.clock.now();
    const count = await runtime.db.transaction(async (tx) => {
      const batch = await tx
        .select({ id: emails.id, projectId: emails.projectId, type: emails.type })
        .from(emails)
        .where(and(eq(emails.status, "queued"), eq(emails.mode, "live")))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (batch.length === 0) return 0;
      await tx
        .update(emails)
        .set({ status: "sent", updatedAt: now })
        .where(
          inArray(
            emails.id,
            batch.map((e) => e.id),
          ),
        );
      await tx.insert(emailEvents).values(
        batch.map((e) => ({
          id: newId("eev", now.getTime()),
          projectId: e.projectId,
          emailId: e.id,
          type: "sent",
          data: { released: true },
          createdAt: now,
        })),
      );
      for (const e of batch) {
        await runtime.jobs.enqueue(
          tx,
          JOBS.deliverEmail,
          { emailIds: [e.id] },
          { priority: PRIORITY[e.type] },
        );
      }
      return batch.length;
    });
    released += count;
    if (count < batchSize) break;
  }
  if (released > 0) runtime.jobs.notify(JOBS.deliverEmail);
  return released;
}
