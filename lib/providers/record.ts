import { and, eq, inArray, sql } from "drizzle-orm";
import { emailEvents, emails, type Email } from "@/db/schema";
import type { Executor } from "@/db";
import {
  EVENT_EMAIL_COLUMNS,
  recordEmailEvents,
  type EmailEventType,
  type RecordEmailEventInput,
} from "../emails/events";
import type { Runtime } from "@/lib/core/runtime";

/**
 * How a provider names one of our emails: the Message-ID we wrote (`<em_…@domain>`, echoed by
 * SES, Mailgun and SendGrid with or without the angle brackets), the provider's own id when
 * the transport stored it as `message_id` (Resend), or our email id carried as provider
 * metadata (Postmark does not echo headers).
 */
export type ProviderEmailRef = { messageIds: string[] } | { emailId: string };

/** One email event a provider reports; `recipient` when the provider names who it concerns. */
export type ProviderEventItem = {
  type: EmailEventType;
  recipient?: string | null;
  data: Record<string, unknown>;
};

/** Everything one provider event (one SNS message, one SendGrid array entry…) means for an email. */
export type ProviderReport = {
  ref: ProviderEmailRef;
  /** The provider's id of this event: a redelivery carrying it again is not recorded twice. */
  eventId: string;
  items: ProviderEventItem[];
};

export type ProviderRecordRuntime = Pick<Runtime, "db" | "jobs" | "clock">;
export type ProviderRecordOutcome = "recorded" | "duplicate" | "unknown_email";

/** `<id@host>`, `id@host` and ` <id@host> ` name the same message; both stored forms are tried. */
export function messageIdForms(raw: string): string[] {
  const bare = raw.trim().replace(/^<+/, "").replace(/>+$/, "").trim();
  if (!bare) return [];
  return [`<${bare}>`, bare];
}

const LOOKUP_COLUMNS = { ...EVENT_EMAIL_COLUMNS, cc: emails.cc, bcc: emails.bcc };
type LookedUpEmail = Pick<Email, keyof typeof LOOKUP_COLUMNS>;

/**
 * The one lookup of provider webhooks, in any project (a provider does not know our projects;
 * the email it finds decides). The row lock serializes concurrent deliveries of one event, so
 * the duplicate check that follows holds.
 */
export async function findEmailForProvider(
  tx: Executor,
  ref: ProviderEmailRef,
): Promise<LookedUpEmail | null> {
  let where;
  if ("emailId" in ref) {
    where = eq(emails.id, ref.emailId);
  } else {
    const forms = [...new Set(ref.messageIds.flatMap(messageIdForms))];
    if (forms.length === 0) return null;
    where = inArray(emails.messageId, forms);
  }
  const [email] = await tx.select(LOOKUP_COLUMNS).from(emails).where(where).limit(1).for("update");
  return email ?? null;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * What an item means for this email, given whom it concerns. The email's status is about its
 * `to`; a cc/bcc address refused for good is a `recipient_bounced` (that address is suppressed,
 * the email's status stands); other news about cc/bcc stays on the timeline or is dropped. An
 * address the email was never sent to is ignored, so a report cannot suppress a stranger.
 */
function itemFor(email: LookedUpEmail, item: ProviderEventItem): ProviderEventItem | null {
  const { recipient } = item;
  if (!recipient || sameAddress(recipient, email.to)) return item;
  const copied = [...email.cc, ...email.bcc].some((address) => sameAddress(address, recipient));
  if (!copied) return null;
  if (item.type === "bounced" && item.data.reason === "hard_bounce") {
    return { ...item, type: "recipient_bounced" };
  }
  // Timeline-only news (soft bounces, delays) is kept; delivered/complained are about `to`.
  return item.type === "deferred" ? item : null;
}

/**
 * Records one provider report in its own transaction: finds the email, skips the report when
 * an event with its id is already in the email's timeline (providers deliver at least once),
 * and hands the events to `recordEmailEvents` (status, suppression, webhooks, counters).
 * `dedupeField` is the data key holding the event id (Resend's existing events use `svix_id`).
 */
export async function recordProviderReport(
  runtime: ProviderRecordRuntime,
  provider: string,
  report: ProviderReport,
  dedupeField = "provider_event_id",
): Promise<ProviderRecordOutcome> {
  return runtime.db.transaction(async (tx) => {
    const email = await findEmailForProvider(tx, report.ref);
    if (!email) return "unknown_email";
    // Scanned within the email's own events (email_events_email_created_idx).
    const [seen] = await tx
      .select({ id: emailEvents.id })
      .from(emailEvents)
      .where(
        and(
          eq(emailEvents.emailId, email.id),
          sql`${emailEvents.data}->>${dedupeField} = ${report.eventId}`,
          sql`coalesce(${emailEvents.data}->>'provider', '') = ${provider}`,
        ),
      )
      .limit(1);
    if (seen) return "duplicate";
    const now = runtime.clock.now();
    const inputs: RecordEmailEventInput[] = report.items.flatMap((raw) => {
      const item = itemFor(email, raw);
      if (!item) return [];
      const data: Record<string, unknown> = {
        ...item.data,
        ...(item.recipient && { recipient: item.recipient.trim().toLowerCase() }),
        provider,
        [dedupeField]: report.eventId,
      };
      return [{ email, type: item.type, now, data }];
    });
    await recordEmailEvents(tx, runtime.jobs, inputs);
    return "recorded";
  });
}
