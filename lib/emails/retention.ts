import { sql, type SQL } from "drizzle-orm";
import { rowsOf } from "@/db";
import {
  emails,
  projects,
  receivedEmailAttachments,
  receivedEmails,
  submittedMessages,
} from "@/db/schema";
import type { Runtime } from "@/lib/core/runtime";
import { repeatBatches } from "@/lib/core/batches";

/** Rows one statement changes: short transactions, however much history waits. */
const BATCH_SIZE = 500;
/** Batches per project per pass: the rest waits for the next pass, other work goes first. */
const MAX_BATCHES_PER_PASS = 20;
const DAY_MS = 86_400_000;

export type RetentionPassResult = {
  emailsCleared: number;
  submissionsRemoved: number;
  receivedCleared: number;
};

/**
 * Settings → General, "Keep email content for N days" (projects.email_content_retention_days):
 * the html, text, attachments and template values (the recipient's data a template-built body
 * is rendered from) of emails older than that are removed, the SMTP submissions
 * they were built from once none of their emails keeps content, and the text, HTML and
 * attachments of received emails (DECISIONS §16: "kept like sent email"). The email, its
 * status, events and counters stay (the log, reports and stats are unchanged). Only emails whose
 * delivery is over are touched: a scheduled or still-queued email keeps what it will send.
 * Bounded batches with SKIP LOCKED, so several workers share the work and none holds locks long.
 */
export async function removeExpiredEmailContent(
  runtime: Pick<Runtime, "db" | "clock">,
): Promise<RetentionPassResult> {
  const now = runtime.clock.now();
  const result: RetentionPassResult = {
    emailsCleared: 0,
    submissionsRemoved: 0,
    receivedCleared: 0,
  };
  const projectRows = await runtime.db
    .select({ id: projects.id, days: projects.emailContentRetentionDays })
    .from(projects);
  for (const project of projectRows) {
    const cutoff = new Date(now.getTime() - project.days * DAY_MS);
    result.emailsCleared += await inBatches(() =>
      clearEmailContent(runtime, project.id, cutoff, now),
    );
    result.submissionsRemoved += await inBatches(() =>
      removeSubmissions(runtime, project.id, cutoff),
    );
    result.receivedCleared += await inBatches(() =>
      clearReceivedContent(runtime, project.id, cutoff, now),
    );
  }
  return result;
}

const inBatches = (batch: () => Promise<number>) =>
  repeatBatches(batch, { batchSize: BATCH_SIZE, maxBatches: MAX_BATCHES_PER_PASS });

/**
 * One batch of a project's rows that still keep content and are older than the cutoff, oldest
 * first, skipping rows another worker holds (`extra`: a further condition of the table's own).
 */
function expiredBatch(
  table: typeof emails | typeof receivedEmails,
  projectId: string,
  cutoff: Date,
  extra: SQL = sql``,
): SQL {
  return sql`
    select id from ${table}
    where project_id = ${projectId}
      and content_removed_at is null
      and created_at < ${cutoff.toISOString()}::timestamptz
      ${extra}
    order by created_at
    limit ${BATCH_SIZE}
    for update skip locked`;
}

async function clearEmailContent(
  runtime: Pick<Runtime, "db">,
  projectId: string,
  cutoff: Date,
  now: Date,
): Promise<number> {
  const result = await runtime.db.execute(sql`
    update ${emails}
    set html = null, text = null, attachments = '[]'::jsonb, variables = null,
        content_removed_at = ${now.toISOString()}::timestamptz
    where id in (
      ${expiredBatch(
        emails,
        projectId,
        cutoff,
        sql`and (status in ('delivered', 'bounced', 'failed', 'complained', 'canceled')
                 or (status = 'sent' and sent_at is not null))`,
      )}
    )
    returning id`);
  return rowsOf(result).length;
}

async function removeSubmissions(
  runtime: Pick<Runtime, "db">,
  projectId: string,
  cutoff: Date,
): Promise<number> {
  const result = await runtime.db.execute(sql`
    delete from ${submittedMessages}
    where id in (
      select s.id from ${submittedMessages} s
      where s.project_id = ${projectId}
        and s.created_at < ${cutoff.toISOString()}::timestamptz
        and not exists (
          select 1 from ${emails} e
          where e.submission_id = s.id and e.content_removed_at is null
        )
      limit ${BATCH_SIZE}
      for update skip locked
    )
    returning id`);
  return rowsOf(result).length;
}

/** A received email keeps its sender, recipients, subject and headers; its content goes. */
async function clearReceivedContent(
  runtime: Pick<Runtime, "db">,
  projectId: string,
  cutoff: Date,
  now: Date,
): Promise<number> {
  const result = await runtime.db.execute(sql`
    with cleared as (
      update ${receivedEmails}
      set text = null, html = null, content_removed_at = ${now.toISOString()}::timestamptz
      where id in (
        ${expiredBatch(receivedEmails, projectId, cutoff)}
      )
      returning id
    ), dropped as (
      delete from ${receivedEmailAttachments} a using cleared
      where a.received_email_id = cleared.id
    )
    select count(*)::int as cleared from cleared`);
  return rowsOf<{ cleared: number }>(result)[0]?.cleared ?? 0;
}
