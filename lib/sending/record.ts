import { emailEvents, emails, type EmailType } from "@/db/schema";
import type { Executor } from "@/db";
import { insertRows } from "@/db/bulk-insert";
import { newId } from "@/lib/core/ids";
import { settleAll } from "@/lib/core/settle-all";
import { newTrackingToken } from "../tracking/token";
import { PRIORITY } from "@/lib/core/jobs/priority";
import { EMAILS_PER_DELIVERY_JOB, deliverEmailJob } from "./jobs";
import type { JobQueue } from "@/lib/core/jobs/queue";

type EmailInsert = typeof emails.$inferInsert;

/** Less than the gap between two kinds' priorities (lib/core/jobs/priority.ts). */
const OVERDUE_PRIORITY_BOOST = 5;
export type OutgoingEmail = Omit<
  EmailInsert,
  "id" | "projectId" | "type" | "status" | "mode" | "messageId" | "trackingToken" | "createdAt"
> & { fromDomain: string };

/** An email ready to insert, with its first event and whether it gets a delivery job. */
export type PreparedEmail = {
  row: EmailInsert & { id: string; status: "sent" | "queued" | "scheduled"; messageId: string };
  event: typeof emailEvents.$inferInsert;
  deliver: boolean;
};

/**
 * Builds an accepted email: `sent` with a delivery job when delivery is configured (or the key is
 * a test key, whose sends are simulated), otherwise `queued` until a provider is configured
 * (sweep.ts); `scheduled` when it has a `scheduledAt` (its job starts then, scheduled.ts).
 * Every producer reaches it through outbound.ts.
 */
export function prepareOutgoingEmail(
  scope: { projectId: string; keyMode: "live" | "test"; canDeliver: boolean; now: Date },
  type: EmailType,
  email: OutgoingEmail,
): PreparedEmail {
  const { now } = scope;
  const scheduled = email.scheduledAt != null;
  const deliver = !scheduled && (scope.keyMode === "test" || scope.canDeliver);
  const id = newId("em", now.getTime());
  const status = scheduled
    ? ("scheduled" as const)
    : deliver
      ? ("sent" as const)
      : ("queued" as const);
  const { fromDomain, ...values } = email;
  return {
    row: {
      ...values,
      id,
      projectId: scope.projectId,
      type,
      status,
      mode: scope.keyMode,
      messageId: `<${id}@${fromDomain}>`,
      trackingToken: newTrackingToken(),
      createdAt: now,
      updatedAt: now,
    },
    event: {
      id: newId("eev", now.getTime()),
      projectId: scope.projectId,
      emailId: id,
      type: status,
      data: scope.keyMode === "test" ? { simulated: true } : {},
      createdAt: now,
    },
    deliver,
  };
}

/** Inserts prepared emails, their events and delivery jobs in the caller's transaction (outbox). */
export async function insertOutgoingEmails(
  tx: Executor,
  jobs: JobQueue,
  prepared: PreparedEmail[],
) {
  if (prepared.length === 0) return;
  // The three statements go out together: postgres.js pipelines statements issued in one tick on
  // the transaction's connection, and PostgreSQL runs them in order, so the events (whose foreign
  // key needs their emails) follow the emails without waiting for their answer: one round trip
  // instead of two (strace: two socket writes instead of three). A failed statement fails those
  // after it (the transaction is aborted); settleAll throws the first, the cause.
  await settleAll<unknown>([
    insertRows(
      tx,
      emails,
      prepared.map((p) => p.row),
    ),
    insertRows(
      tx,
      emailEvents,
      prepared.map((p) => p.event),
    ),
    enqueueDeliveries(
      tx,
      jobs,
      prepared.filter((p) => p.deliver).map((p) => p.row),
    ),
  ]);
  // A scheduled email's job starts at its time (pg-boss startAfter), in the same transaction.
  for (const { row } of prepared) {
    if (row.status !== "scheduled" || !row.scheduledAt) continue;
    await jobs.enqueue(
      tx,
      deliverEmailJob,
      { emailIds: [row.id] },
      { priority: PRIORITY[row.type], startAfter: row.scheduledAt },
    );
  }
}

/**
 * Delivery jobs for emails, by priority (transactional first), EMAILS_PER_DELIVERY_JOB each.
 * `overdue`: emails that waited already (a dead worker's lapsed claims) go before fresh mail of
 * their kind, not behind the rest of a campaign, and still after the kinds above theirs.
 */
export async function enqueueDeliveries(
  tx: Executor,
  jobs: JobQueue,
  toDeliver: { id: string; type: EmailType }[],
  options: { overdue?: boolean } = {},
) {
  const byPriority = new Map<number, string[]>();
  for (const email of toDeliver) {
    const priority = PRIORITY[email.type] + (options.overdue ? OVERDUE_PRIORITY_BOOST : 0);
    // Appended in place: a campaign batch holds hundreds of emails.
    const group = byPriority.get(priority) ?? [];
    group.push(email.id);
    byPriority.set(priority, group);
  }
  for (const [priority, ids] of byPriority) {
    const payloads = [];
    for (let i = 0; i < ids.length; i += EMAILS_PER_DELIVERY_JOB)
      payloads.push({ emailIds: ids.slice(i, i + EMAILS_PER_DELIVERY_JOB) });
    await jobs.enqueueMany(tx, deliverEmailJob, payloads, { priority });
  }
}
