import { and, eq, lte } from "drizzle-orm";
import { isAnyOf } from "@/db/id-list";
import { emails, type Email } from "@/db/schema";
import { recordEmailEvents } from "../emails/events";
import { PRIORITY } from "@/lib/core/jobs/priority";
import { deliverEmailJob } from "./jobs";
import type { Runtime } from "@/lib/core/runtime";

type ReleaseDeps = Pick<Runtime, "db" | "clock" | "jobs" | "transports">;

/**
 * A `scheduled` email's delivery job starts at its `scheduled_at` (pg-boss startAfter). When it
 * runs, the email moves to `sent` (or `queued` when its transport is not configured, for the
 * start-up sweep) in one conditional UPDATE, so a cancel that won the race keeps it `canceled`.
 * A job that runs early by this process's clock (clock skew between app and database) puts
 * itself back for the right time instead of sending early. Returns the released emails.
 */
export async function releaseScheduledEmails(deps: ReleaseDeps, rows: Email[]): Promise<Email[]> {
  const scheduled = rows.filter((email) => email.status === "scheduled" && email.scheduledAt);
  if (scheduled.length === 0) return [];
  const now = deps.clock.now();
  const early = scheduled.filter((email) => email.scheduledAt!.getTime() > now.getTime());
  for (const email of early) {
    await deps.jobs.enqueue(
      deps.db,
      deliverEmailJob,
      { emailIds: [email.id] },
      { priority: PRIORITY[email.type], startAfter: email.scheduledAt! },
    );
  }
  const due = scheduled.filter((email) => !early.includes(email));
  const released: Email[] = [];
  const deliverable = new Map<string, boolean>();
  for (const email of due) {
    if (email.mode === "test") deliverable.set(email.id, true);
    else deliverable.set(email.id, await deps.transports.canDeliver(email.projectId));
  }
  for (const status of ["sent", "queued"] as const) {
    const ids = due
      .filter((email) => deliverable.get(email.id) === (status === "sent"))
      .map((email) => email.id);
    if (ids.length === 0) continue;
    await deps.db.transaction(async (tx) => {
      const updated = await tx
        .update(emails)
        .set({ status, updatedAt: now })
        .where(
          and(
            isAnyOf(emails.id, ids),
            eq(emails.status, "scheduled"),
            lte(emails.scheduledAt, now),
          ),
        )
        .returning();
      await recordEmailEvents(
        tx,
        deps.jobs,
        updated.map((email) => ({ email, type: status, now, data: { scheduled: true } })),
      );
      released.push(...updated);
    });
  }
  return released;
}
