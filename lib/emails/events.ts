import { eq, sql } from "drizzle-orm";
import { emailEvents, emails, type Email, type EmailStatus } from "@/db/schema";
import type { Executor } from "@/db";
import { countCampaignEvent } from "../campaigns/counters";
import { newId } from "../ids";
import type { JobQueue } from "../jobs/queue";
import { suppressAddress } from "../suppressions/suppress";
import { enqueueWebhookDeliveries } from "../webhooks/enqueue";
import type { WebhookEventType } from "../webhooks/event-types";
import { nextStatusSql } from "./status";

/** Everything that can happen to an email, in its timeline. */
export type EmailEventType =
  | "queued"
  | "sent"
  | "provider_accepted"
  | "delivered"
  | "deferred"
  | "bounced"
  | "failed"
  | "complained"
  | "opened"
  | "clicked";

const STATUS_OF: Partial<Record<EmailEventType, EmailStatus>> = {
  sent: "sent",
  delivered: "delivered",
  bounced: "bounced",
  failed: "failed",
  complained: "complained",
};

const WEBHOOK_OF: Partial<Record<EmailEventType, WebhookEventType>> = {
  delivered: "email.delivered",
  bounced: "email.bounced",
  complained: "email.complained",
  opened: "email.opened",
  clicked: "email.clicked",
};

export type RecordEmailEventInput = {
  email: Pick<
    Email,
    "id" | "projectId" | "to" | "subject" | "campaignId" | "campaignVariant" | "contactId"
  >;
  type: EmailEventType;
  now: Date;
  /** reason (bounces, complaints, failures), url (clicks), smtp response, provider ids… */
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
  const { email, type, now } = input;
  const data = input.data ?? {};
  await tx.insert(emailEvents).values({
    id: newId("eev", now.getTime()),
    projectId: email.projectId,
    emailId: email.id,
    type,
    data,
    createdAt: now,
  });

  const incoming = STATUS_OF[type];
  await tx
    .update(emails)
    .set({
      ...(incoming && { status: nextStatusSql(emails.status, incoming) }),
      ...(type === "opened" && { opens: sql`${emails.opens} + 1` }),
      ...(type === "clicked" && { clicks: sql`${emails.clicks} + 1` }),
      ...input.patch,
      updatedAt: now,
    })
    .where(eq(emails.id, email.id));

  await countCampaignEvent(tx, email, type, now);

  if (type === "bounced" && data.reason === "hard_bounce") {
    await suppressAddress(tx, email.projectId, email.to, "hard_bounce", now);
  }
  if (type === "complained") {
    await suppressAddress(tx, email.projectId, email.to, "complaint", now);
  }

  const webhookType = WEBHOOK_OF[type];
  if (webhookType) {
    await enqueueWebhookDeliveries(tx, jobs, {
      projectId: email.projectId,
      type: webhookType,
      createdAt: now,
      data: webhookData(email, type, data),
    });
  }
}

function webhookData(
  email: RecordEmailEventInput["email"],
  type: EmailEventType,
  data: Record<string, unknown>,
) {
  const base = { id: email.id, to: email.to, subject: email.subject };
  if (type === "bounced" || type === "complained")
    return { ...base, reason: data.reason ?? (type === "bounced" ? "hard_bounce" : "complaint") };
  if (type === "clicked") return { ...base, url: data.url };
  return base;
}
