import { sql, type SQL } from "drizzle-orm";
import { emailEvents, emails, type Email, type EmailStatus, type EmailTag } from "@/db/schema";
import type { Executor } from "@/db";
import { insertRows } from "@/db/bulk-insert";
import { rowsOf } from "@/db";
import { isAnyOf } from "@/db/id-list";
import { newId } from "@/lib/core/ids";
import type { JobQueue } from "@/lib/core/jobs/queue";
import { suppressAddress } from "../suppressions/suppress";
import { enqueueWebhookDeliveries, type WebhookEvent } from "../webhooks/enqueue";
import type { WebhookEventType } from "../webhooks/event-types";
import { judgeBreakersJob } from "./jobs";
import { countCampaignEvents } from "./campaign-counters";
import { isEngagement, isHumanEngagement } from "./engagement";
import { nextStatusSql } from "./status";
import { withoutRepeatedOutcomes } from "./outcomes-once";

/** Everything that can happen to an email, in its timeline. */
export type EmailEventType =
  | "scheduled"
  | "canceled"
  | "queued"
  | "sent"
  | "provider_accepted"
  | "delivered"
  | "deferred"
  | "bounced"
  /** A cc/bcc address refused for good while the email went on to `to` (data.recipient). */
  | "recipient_bounced"
  | "failed"
  | "complained"
  | "opened"
  | "clicked";

const STATUS_OF: Partial<Record<EmailEventType, EmailStatus>> = {
  queued: "queued",
  sent: "sent",
  delivered: "delivered",
  bounced: "bounced",
  failed: "failed",
  complained: "complained",
};

const WEBHOOK_OF: Partial<Record<EmailEventType, WebhookEventType>> = {
  provider_accepted: "email.sent",
  delivered: "email.delivered",
  deferred: "email.delivery_delayed",
  bounced: "email.bounced",
  complained: "email.complained",
  failed: "email.failed",
  opened: "email.opened",
  clicked: "email.clicked",
};

/**
 * The webhooks an event fires. `email.sent` means the relay took the message: an API provider's
 * acceptance (`provider_accepted`), or the SMTP relay's 2xx, which is also `delivered` — that
 * one is the delivery attempt's own outcome (it stamps `sent_at`), not a provider's later
 * report. The `sent` event is not it: it marks an email accepted by the API, not yet handed
 * over. A cc/bcc's delay (a provider names the recipient) is the timeline's, not the email's.
 */
function webhookTypesOf({ email, type, data = {}, patch }: RecordEmailEventInput) {
  const types: WebhookEventType[] = [];
  if (type === "delivered" && patch?.sentAt !== undefined) types.push("email.sent");
  const ofRecipient =
    typeof data.recipient !== "string" || data.recipient.toLowerCase() === email.to.toLowerCase();
  const mapped = WEBHOOK_OF[type];
  if (mapped && (type !== "deferred" || ofRecipient)) types.push(mapped);
  return types;
}

/** The columns of an email its events need: select these to record events for it. */
export const EVENT_EMAIL_COLUMNS = {
  id: emails.id,
  projectId: emails.projectId,
  to: emails.to,
  subject: emails.subject,
  campaignId: emails.campaignId,
  campaignVariant: emails.campaignVariant,
  contactId: emails.contactId,
};

export type RecordEmailEventInput = {
  email: Pick<
    Email,
    "id" | "projectId" | "to" | "subject" | "campaignId" | "campaignVariant" | "contactId"
  >;
  type: EmailEventType;
  now: Date;
  /**
   * reason (bounces, complaints, failures), url (clicks), smtp response, provider ids… Opens and
   * clicks carry `machine` and its `reason` (lib/tracking/classify.ts); one without is a person's.
   */
  data?: Record<string, unknown>;
  /** Extra columns to set with the status (message id, last error…). */
  patch?: Partial<Pick<Email, "messageId" | "lastError" | "sentAt">>;
};

/**
 * The one place an email's history grows: the timeline row, the status (by rank), open/click
 * counters, automatic suppression of hard bounces and complaints, and signed webhooks, all in
 * the caller's transaction.
 */
export async function recordEmailEvent(tx: Executor, jobs: JobQueue, input: RecordEmailEventInput) {
  return (await recordEmailEvents(tx, jobs, [input])) > 0;
}

/**
 * `recordEmailEvent` for many events in a few statements whatever their number (the delivery
 * worker records its outcomes in batches): one insert of timeline rows, one update of the
 * emails per wave (an email appears once per wave, in input order), one counter update per
 * campaign variant, one webhook fan-out per project. Returns how many were
 * recorded (repeated outcomes are not).
 */
export async function recordEmailEvents(
  tx: Executor,
  jobs: JobQueue,
  given: RecordEmailEventInput[],
): Promise<number> {
  if (given.length === 0) return 0;
  const recorded = await withoutRepeatedOutcomes(tx, given.map(withMachineFlag));
  if (recorded.length === 0) return 0;
  const ids = recorded.map(({ now }) => newId("eev", now.getTime()));
  await insertRows(
    tx,
    emailEvents,
    recorded.map(({ email, type, now, data }, i) => ({
      id: ids[i]!,
      projectId: email.projectId,
      emailId: email.id,
      type,
      data: data ?? {},
      createdAt: now,
    })),
  );
  // Tags come back from the update: every webhook about an email echoes them, whichever
  // columns the caller selected.
  const tagsOf = new Map<string, EmailTag[]>();
  for (const wave of waves(recorded)) {
    for (const row of await updateEmails(tx, wave)) tagsOf.set(row.id, row.tags ?? []);
  }

  const webhooks: WebhookEvent[] = [];
  for (const input of recorded) {
    const { email, type, now, data = {} } = input;
    if (type === "bounced" && data.reason === "hard_bounce") {
      await suppressAddress(tx, jobs, email.projectId, email.to, "hard_bounce", now);
    }
    if (type === "complained") {
      await suppressAddress(tx, jobs, email.projectId, email.to, "complaint", now);
    }
    if (type === "recipient_bounced" && typeof data.recipient === "string") {
      await suppressAddress(tx, jobs, email.projectId, data.recipient, "hard_bounce", now);
    }
    for (const webhookType of webhookTypesOf(input)) {
      webhooks.push({
        projectId: email.projectId,
        type: webhookType,
        createdAt: now,
        data: { ...webhookData(email, type, data), tags: tagsOf.get(email.id) ?? [] },
      });
    }
  }
  await enqueueWebhookDeliveries(tx, jobs, webhooks);
  // Last: the campaign counters are shared by every writer, so their row locks are held for
  // as short a time as possible.
  await countCampaignEvents(tx, recorded);
  await enqueueBreakerCheck(tx, jobs, recorded);
  return recorded.length;
}

/**
 * Bounces and complaints may trip the circuit breaker of their campaign or automation. It is
 * judged by a job enqueued here (the outbox): the breaker pauses automations and campaigns,
 * which send through lib/sending, which records events here — a call would close that loop, and
 * would hold this transaction's locks while it reads the rates.
 */
async function enqueueBreakerCheck(tx: Executor, jobs: JobQueue, inputs: RecordEmailEventInput[]) {
  const judged = inputs.filter((i) => i.type === "bounced" || i.type === "complained");
  if (judged.length === 0) return;
  await jobs.enqueue(tx, judgeBreakersJob, {
    events: judged.map(({ email, type, now }) => ({
      emailId: email.id,
      campaignId: email.campaignId,
      type,
      now: now.toISOString(),
    })),
  });
}

/** Every open and click is stored with `machine` and `reason`, whoever recorded it. */
function withMachineFlag(input: RecordEmailEventInput): RecordEmailEventInput {
  if (!isEngagement(input.type)) return input;
  const data = input.data ?? {};
  const machine = data.machine === true;
  return { ...input, data: { ...data, machine, reason: machine ? (data.reason ?? null) : null } };
}

/** Splits events so that no email appears twice in one UPDATE (it would apply only once). */
function waves(inputs: RecordEmailEventInput[]): RecordEmailEventInput[][] {
  const result: RecordEmailEventInput[][] = [];
  const wavesOf = new Map<string, number>();
  for (const input of inputs) {
    const index = wavesOf.get(input.email.id) ?? 0;
    wavesOf.set(input.email.id, index + 1);
    (result[index] ??= []).push(input);
  }
  return result;
}

async function updateEmails(
  tx: Executor,
  inputs: RecordEmailEventInput[],
): Promise<{ id: string; tags: EmailTag[] | null }[]> {
  return rowsOf<{ id: string; tags: EmailTag[] | null }>(
    await tx.execute(emailsUpdateStatement(inputs)),
  );
}

/** One update for a wave of events: each email's status, counters and patched columns. */
export function emailsUpdateStatement(inputs: RecordEmailEventInput[]): SQL {
  const rows = inputs.map(({ email, type, now, data, patch = {} }) => ({
    id: email.id,
    incoming: STATUS_OF[type] ?? null,
    opened: type === "opened" ? 1 : 0,
    clicked: type === "clicked" ? 1 : 0,
    human_opened: type === "opened" && isHumanEngagement(type, data) ? 1 : 0,
    human_clicked: type === "clicked" && isHumanEngagement(type, data) ? 1 : 0,
    set_message_id: patch.messageId !== undefined,
    message_id: patch.messageId ?? null,
    set_last_error: patch.lastError !== undefined,
    last_error: patch.lastError ?? null,
    set_sent_at: patch.sentAt !== undefined,
    sent_at: patch.sentAt?.toISOString() ?? null,
    now: now.toISOString(),
  }));
  return sql`
    update ${emails} e set
      status = ${nextStatusSql(sql`e.status`, sql`r.incoming`)},
      opens = e.opens + r.opened,
      clicks = e.clicks + r.clicked,
      human_opens = e.human_opens + r.human_opened,
      human_clicks = e.human_clicks + r.human_clicked,
      message_id = case when r.set_message_id then r.message_id else e.message_id end,
      last_error = case when r.set_last_error then r.last_error else e.last_error end,
      sent_at = case when r.set_sent_at then r.sent_at else e.sent_at end,
      updated_at = r.now
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
      id text, incoming text, opened int, clicked int, human_opened int, human_clicked int,
      set_message_id boolean, message_id text,
      set_last_error boolean, last_error text, set_sent_at boolean, sent_at timestamptz,
      now timestamptz)
    where e.id = r.id and ${isAnyOf(
      sql`e.id`,
      rows.map((row) => row.id),
    )}
    returning e.id, e.tags`;
}

function webhookData(
  email: RecordEmailEventInput["email"],
  type: EmailEventType,
  data: Record<string, unknown>,
) {
  const base = { id: email.id, to: email.to, subject: email.subject };
  if (type === "bounced" || type === "complained")
    return { ...base, reason: data.reason ?? (type === "bounced" ? "hard_bounce" : "complaint") };
  if (type === "failed") return { ...base, reason: data.reason ?? "failed" };
  if (type === "opened") return { ...base, machine: data.machine === true };
  if (type === "clicked") return { ...base, url: data.url, machine: data.machine === true };
  return base;
}
