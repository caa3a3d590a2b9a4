import { and, eq } from "drizzle-orm";
import { emails } from "@/db/schema";
import { EVENT_EMAIL_COLUMNS, recordEmailEvents } from "../emails/events";
import { JOBS } from "../jobs/names";
import type { Runtime } from "../runtime";
import { enqueueDeliveries } from "./record";
import { isDeliveryConfigured } from "./transports";

/**
 * Emails accepted while no provider was configured wait as `queued`. When a worker starts with
 * delivery configured, they move to `sent` (an event recorded like every other, data
 * `released: true`) and get their delivery jobs, a batch per transaction.
 */
export async function releaseQueuedEmails(runtime: Runtime, batchSize = 500): Promise<number> {
  if (!isDeliveryConfigured(runtime.config)) return 0;
  let released = 0;
  for (;;) {
    const now = runtime.clock.now();
    const count = await runtime.db.transaction(async (tx) => {
      const batch = await tx
        .select({ ...EVENT_EMAIL_COLUMNS, type: emails.type })
        .from(emails)
        .where(and(eq(emails.status, "queued"), eq(emails.mode, "live")))
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
  if (released > 0) runtime.jobs.notify(JOBS.deliverEmail);
  return released;
}
