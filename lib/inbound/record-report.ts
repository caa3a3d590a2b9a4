import { and, inArray, or, sql } from "drizzle-orm";
import { emailEvents, emails } from "@/db/schema";
import type { Executor } from "@/db";
import type { InboundReport } from "../bounces/classify";
import {
  EVENT_EMAIL_COLUMNS,
  recordEmailEvents,
  type RecordEmailEventInput,
} from "../emails/events";
import type { Runtime } from "@/lib/core/runtime";

type Report = Exclude<InboundReport, { kind: "ignored" }>;
type ReportedEmail = RecordEmailEventInput["email"] & {
  cc: string[];
  bcc: string[];
  messageId: string | null;
};

const bare = (messageId: string) => messageId.trim().replace(/^<|>$/g, "").toLowerCase();

/** How a report reached us: its envelope recipients (VERP) or the mailbox it was read from. */
export type ReportSource = "smtp" | "imap";

/**
 * What a report does to the email it names (DECISIONS §9): a hard bounce of `to` makes it
 * `bounced` (even after `delivered`), suppresses the address and fires `email.bounced`; a hard
 * bounce of a cc/bcc suppresses that address (`recipient_bounced`); a soft bounce or delay is a
 * `deferred` event on the timeline only; a complaint makes it `complained`, suppresses it and
 * fires `email.complained`. One transaction per message; a report already recorded (the same
 * report id on the same email: a sender retrying after our 4xx, a mailbox read twice) is skipped.
 */
export async function recordInboundReports(
  runtime: Pick<Runtime, "db" | "jobs" | "clock">,
  args: {
    reports: Report[];
    /** Emails named by the envelope (VERP tokens already checked). */
    emailIds: string[];
    /** The report message's own Message-ID: what makes recording idempotent. */
    reportId: string;
    source: ReportSource;
  },
): Promise<number> {
  const now = runtime.clock.now();
  return runtime.db.transaction(async (tx) => {
    // Over SMTP only the envelope's checked tokens name emails (anyone can quote a Message-ID);
    // a mailbox the operator reads may also match by the original's Message-ID.
    const byMessageId = args.source === "imap" ? args.reports : [];
    const candidates = await reportedEmails(tx, args.emailIds, byMessageId);
    if (candidates.length === 0) return 0;
    const seen = await alreadyRecorded(
      tx,
      candidates.map((e) => e.id),
      args.reportId,
    );
    const inputs: RecordEmailEventInput[] = [];
    for (const report of args.reports) {
      const email = emailFor(report, candidates, args.emailIds);
      if (!email || seen.has(email.id) || !sentTo(email, report)) continue;
      inputs.push(eventFor(report, email, now, args.reportId, args.source));
    }
    return recordEmailEvents(tx, runtime.jobs, inputs);
  });
}

/** The emails a message's reports can name: by VERP token, else by the original Message-ID. */
async function reportedEmails(
  tx: Executor,
  emailIds: string[],
  reports: Report[],
): Promise<ReportedEmail[]> {
  // Stored as written at send time: `<em_…@domain>`.
  const messageIds = reports
    .map((r) => r.originalMessageId)
    .filter((id): id is string => Boolean(id))
    .map((id) => `<${bare(id)}>`);
  if (emailIds.length === 0 && messageIds.length === 0) return [];
  return (
    tx
      .select({
        ...EVENT_EMAIL_COLUMNS,
        cc: emails.cc,
        bcc: emails.bcc,
        messageId: emails.messageId,
      })
      .from(emails)
      .where(
        or(
          emailIds.length > 0 ? inArray(emails.id, emailIds) : undefined,
          messageIds.length > 0 ? inArray(emails.messageId, messageIds) : undefined,
        ),
      )
      .limit(50)
      // Two workers reading one report (a mailbox polled twice) record it once.
      .for("update")
  );
}

function emailFor(
  report: Report,
  candidates: ReportedEmail[],
  emailIds: string[],
): ReportedEmail | undefined {
  // The envelope (a checked VERP token) is the better witness: a report may quote a forwarded
  // or rewritten original.
  const byEnvelope = candidates.find((e) => emailIds.includes(e.id));
  if (byEnvelope) return byEnvelope;
  const wanted = report.originalMessageId ? bare(report.originalMessageId) : null;
  return wanted ? candidates.find((e) => e.messageId && bare(e.messageId) === wanted) : undefined;
}

/**
 * A report is a claim anyone who saw the return path can make: it only acts on an address the
 * email was sent to (a report without a recipient is about `to`).
 */
function sentTo(email: ReportedEmail, report: Report): boolean {
  const recipient = report.recipient?.toLowerCase();
  if (!recipient) return true;
  return [email.to, ...email.cc, ...email.bcc].some((a) => a.toLowerCase() === recipient);
}

async function alreadyRecorded(tx: Executor, emailIds: string[], reportId: string) {
  const rows = await tx
    .select({ emailId: emailEvents.emailId })
    .from(emailEvents)
    .where(
      and(
        inArray(emailEvents.emailId, emailIds),
        sql`${emailEvents.data}->>'report_id' = ${reportId}`,
      ),
    );
  return new Set(rows.map((r) => r.emailId));
}

function eventFor(
  report: Report,
  email: ReportedEmail,
  now: Date,
  reportId: string,
  source: ReportSource,
): RecordEmailEventInput {
  const common = { report_id: reportId, source, reporting_mta: report.reportingMta };
  if (report.kind === "complaint") {
    return {
      email,
      now,
      type: "complained",
      data: {
        ...common,
        reason: "complaint",
        feedback_type: report.feedbackType,
        user_agent: report.userAgent,
      },
    };
  }
  const details = {
    ...common,
    status: report.status,
    diagnostic: report.diagnostic,
    remote_mta: report.remoteMta,
    recipient: report.recipient,
  };
  if (report.severity === "soft") {
    // The reasons Resend's soft bounces and delays use too (lib/providers/resend-events.ts).
    const reason = report.action === "delayed" ? "delivery_delayed" : "soft_bounce";
    return { email, now, type: "deferred", data: { ...details, reason, soft_bounce: true } };
  }
  const recipient = report.recipient?.toLowerCase();
  const isCopy =
    recipient !== undefined &&
    recipient !== email.to.toLowerCase() &&
    [...email.cc, ...email.bcc].some((a) => a.toLowerCase() === recipient);
  return {
    email,
    now,
    type: isCopy ? "recipient_bounced" : "bounced",
    data: { ...details, reason: "hard_bounce" },
  };
}
