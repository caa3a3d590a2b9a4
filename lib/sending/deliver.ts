import type PgBoss from "pg-boss";
import { eq, sql } from "drizzle-orm";
import { emails, type Email } from "@/db/schema";
import { recordEmailEvent } from "../emails/events";
import { JOBS, PRIORITY, type JobPayloads } from "../jobs/names";
import type { Runtime } from "../runtime";
import { composeMessage, type HtmlInstrumenter } from "./compose";
import { transportFor, type DeliveryOutcome } from "./transports";

/** What delivering needs: a runtime, or a service context (inline campaign sends). */
type DeliveryDeps = Pick<Runtime, "db" | "config" | "clock" | "jobs">;

/** Temporary failures (4xx, connection trouble) are retried this many times, then `failed`. */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** Backoff before attempt n+1: base × 4^(n-1) (base 30 s: 30 s, 2 min, 8 min, 32 min). */
export function retryDelayMs(attempt: number): number {
  const base = Number(process.env.DELIVERY_RETRY_BASE_SECONDS ?? 30) * 1000;
  return base * 4 ** Math.max(0, attempt - 1);
}

let instrumenter: HtmlInstrumenter | undefined;
/** Tracking registers itself here (lib/tracking), keeping sending free of that dependency. */
export function setHtmlInstrumenter(fn: HtmlInstrumenter) {
  instrumenter = fn;
}

export async function deliverEmailBatch(
  runtime: Runtime,
  jobs: PgBoss.JobWithMetadata<JobPayloads[typeof JOBS.deliverEmail]>[],
) {
  const results = await Promise.allSettled(
    jobs.map((job) => deliverEmail(runtime, job.data.emailId)),
  );
  const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  // Unexpected errors (database down…) fail the batch so pg-boss retries it; finished emails
  // are skipped on the retry.
  if (failure) throw failure.reason;
}

/**
 * Delivers one email if it still needs it: status `sent` and not yet handed to a provider.
 * The outcome is recorded in one transaction (status, timeline, suppression, webhooks).
 */
export async function deliverEmail(
  runtime: DeliveryDeps,
  emailId: string,
): Promise<DeliveryOutcome | null> {
  const [email] = await runtime.db.select().from(emails).where(eq(emails.id, emailId)).limit(1);
  if (!email || email.status !== "sent" || email.sentAt) return null;
  const transport = transportFor(email.mode, runtime.config);
  if (!transport) return null; // delivery unconfigured since enqueue: the start-up sweep picks it up
  const message = await composeMessage(runtime.db, email, instrumenter);
  // The sending domain was removed or lost verification since the send was accepted: never
  // send unsigned mail from a domain the project no longer proves it owns.
  const outcome: DeliveryOutcome =
    !message.dkim && transport.name === "smtp"
      ? { kind: "failed", error: "The sending domain is no longer verified for this project." }
      : await transport.send(message);
  await recordOutcome(runtime, email, outcome);
  return outcome;
}

async function recordOutcome(runtime: DeliveryDeps, email: Email, outcome: DeliveryOutcome) {
  const now = runtime.clock.now();
  const jobs = runtime.jobs;
  await runtime.db.transaction(async (tx) => {
    switch (outcome.kind) {
      case "delivered":
        await recordEmailEvent(tx, jobs, {
          email,
          type: "delivered",
          now,
          data: { response: outcome.response },
          patch: { sentAt: now, messageId: outcome.providerMessageId },
        });
        return;
      case "accepted":
        await recordEmailEvent(tx, jobs, {
          email,
          type: "provider_accepted",
          now,
          data: { provider_message_id: outcome.providerMessageId },
          patch: { sentAt: now, messageId: outcome.providerMessageId },
        });
        return;
      case "complained":
        await recordEmailEvent(tx, jobs, {
          email,
          type: "delivered",
          now,
          patch: { sentAt: now },
          data: { simulated: true },
        });
        await recordEmailEvent(tx, jobs, {
          email,
          type: "complained",
          now,
          data: { reason: "complaint", simulated: true },
        });
        return;
      case "bounced":
        await recordEmailEvent(tx, jobs, {
          email,
          type: "bounced",
          now,
          data: { reason: "hard_bounce", code: outcome.code, response: outcome.response },
          patch: { sentAt: now, lastError: outcome.response },
        });
        return;
      case "failed":
        await recordEmailEvent(tx, jobs, {
          email,
          type: "failed",
          now,
          data: { reason: "rejected", error: outcome.error },
          patch: { lastError: outcome.error },
        });
        return;
      case "deferred": {
        const [row] = await tx
          .update(emails)
          .set({
            attempts: sql`${emails.attempts} + 1`,
            lastError: outcome.response,
            updatedAt: now,
          })
          .where(eq(emails.id, email.id))
          .returning({ attempts: emails.attempts });
        const attempts = row?.attempts ?? MAX_DELIVERY_ATTEMPTS;
        if (attempts >= MAX_DELIVERY_ATTEMPTS) {
          await recordEmailEvent(tx, jobs, {
            email,
            type: "failed",
            now,
            data: { reason: "retries_exhausted", attempts, response: outcome.response },
          });
          return;
        }
        const retryAt = new Date(Date.now() + retryDelayMs(attempts));
        await recordEmailEvent(tx, jobs, {
          email,
          type: "deferred",
          now,
          data: {
            attempt: attempts,
            code: outcome.code,
            response: outcome.response,
            retry_at: retryAt.toISOString(),
          },
        });
        // Queue time is wall-clock time (pg-boss compares with the database clock).
        await jobs.enqueue(
          tx,
          JOBS.deliverEmail,
          { emailId: email.id },
          { priority: PRIORITY[email.type], startAfter: retryAt },
        );
        return;
      }
    }
  });
}
