import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "@/db";
import { contacts } from "@/db/schema";
import { newSubscriberEnrollmentSql, type RunMode } from "../automations/enroll";
import { newId } from "@/lib/core/ids";
import type { TopicChoice } from "../topics/schemas";
import type { JobQueue } from "@/lib/core/jobs/queue";
import { subscribedTypes } from "../webhooks/enqueue";
import {
  CONTACT_WRITE_TYPES,
  contactChangedSql,
  contactFromRow,
  contactUnsubscribedSql,
  contactWriteOf,
  enqueueContactWebhooks,
  type RawContactRow,
} from "../webhooks/contact-events";

/** One row of a bulk upsert (a CSV import row once mapped): only the fields it gives change. */
export type BulkContact = {
  email: string;
  name?: string | null;
  subscribed?: boolean;
  data: Record<string, unknown>;
  /** Its choices per topic (DECISIONS §13): saved by the caller once the contact exists. */
  topics?: TopicChoice[];
};

/**
 * Upserts a batch of contacts by email in ONE statement, with POST /v1/contacts semantics per row
 * (only the fields a row gives change; data merges shallowly) and the same enrollment: a newly
 * created subscribed contact enters every live `contact.subscribed` automation. Emails must be
 * unique within the batch (the caller keeps the last row of each). The batch's contact webhooks
 * are one fan-out; a project nobody listens to gets the statement without them (counts only).
 */
export async function bulkUpsertContacts(
  tx: Executor,
  jobs: JobQueue,
  args: {
    projectId: string;
    rows: BulkContact[];
    source: string;
    now: Date;
    /** The mode of the key that started the import (test keys start test runs). */
    mode: RunMode;
  },
): Promise<{ created: number; updated: number }> {
  if (args.rows.length === 0) return { created: 0, updated: 0 };
  const input = args.rows.map((row) => ({
    id: newId("ct", args.now.getTime()),
    email: row.email,
    name: row.name ?? null,
    has_name: row.name !== undefined,
    subscribed: row.subscribed ?? null,
    data: row.data,
  }));
  const now = sql`${args.now.toISOString()}::timestamptz`;
  const hooked = (await subscribedTypes(tx, args.projectId, CONTACT_WRITE_TYPES)).size > 0;
  // With webhooks, each updated row is read as it was (locked in the same statement) to tell
  // a change from a no-op, and the changed rows come back whole.
  const prior = hooked
    ? sql`join (select id, email, name, subscribed, source, data from ${contacts}
          where project_id = ${args.projectId} and email in (select email from input)
          for update) prior on prior.email = r.email`
    : sql``;
  const judged = hooked
    ? sql`, c.name, c.source, c.data, c.created_at, c.updated_at,
          ${contactChangedSql("prior", "c")} as changed,
          ${contactUnsubscribedSql("prior", "c")} as unsubscribed`
    : sql``;
  const result = await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as r(id text, email text, name text, has_name boolean, subscribed boolean, data jsonb)
    ),
    -- Existing contacts: one joined UPDATE (a lookup per conflicting row would make a
    -- re-import quadratic in the batch size).
    updated as (
      update ${contacts} c set
        name = case when r.has_name then r.name else c.name end,
        subscribed = coalesce(r.subscribed, c.subscribed),
        data = c.data || coalesce(r.data, '{}'::jsonb),
        updated_at = ${now}
      from input r ${prior}
      where c.project_id = ${args.projectId} and c.email = r.email
      returning c.id, c.project_id, c.email, c.subscribed, false as created ${judged}
    ),
    -- New ones; ON CONFLICT only meets a contact created concurrently since this statement began.
    inserted as (
      insert into ${contacts} as c (id, project_id, email, name, subscribed, source, data, created_at, updated_at)
      select r.id, ${args.projectId}, r.email, r.name, coalesce(r.subscribed, true), ${args.source},
             coalesce(r.data, '{}'::jsonb), ${now}, ${now}
      from input r
      where not exists (select 1 from updated u where u.email = r.email)
      on conflict (project_id, email) do update set
        name = case when (select i.has_name from input i where i.email = excluded.email)
                    then excluded.name else c.name end,
        subscribed = coalesce((select i.subscribed from input i where i.email = excluded.email), c.subscribed),
        data = c.data || excluded.data,
        updated_at = ${now}
      returning c.id, c.project_id, c.email, c.subscribed, (xmax = 0) as created
        ${
          hooked
            ? // Met a contact created since this statement began: its prior state is unknown.
              sql`, c.name, c.source, c.data, c.created_at, c.updated_at, true as changed, false as unsubscribed`
            : sql``
        }
    ),
    upserted as (select * from updated union all select * from inserted),
    enrolled as (${newSubscriberEnrollmentSql({ upserted: sql`upserted`, now, mode: args.mode })})
    select count(*) filter (where created)::int as created,
           count(*) filter (where not created)::int as updated,
           (select count(*) from enrolled)::int as enrolled
           ${
             hooked
               ? sql`, coalesce(jsonb_agg(to_jsonb(upserted))
                   filter (where created or changed or unsubscribed), '[]') as writes`
               : sql``
           }
    from upserted`);
  const [row] = rowsOf<{
    created: number;
    updated: number;
    enrolled: number;
    writes?: (RawContactRow & { created: boolean; changed: boolean; unsubscribed: boolean })[];
  }>(result);
  if (row?.writes?.length) {
    const writes = row.writes.map((w) => contactWriteOf(contactFromRow(w), w));
    await enqueueContactWebhooks(tx, jobs, writes, args.now);
  }
  return { created: row?.created ?? 0, updated: row?.updated ?? 0 };
}
