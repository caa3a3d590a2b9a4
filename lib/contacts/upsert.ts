import { getTableColumns, sql } from "drizzle-orm";
import { automationRuns, automations, contacts, type Contact } from "@/db/schema";
import { rowsOf, type Executor } from "@/db";
import { runIdSql, subscribedRunContext } from "../automations/enroll";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { newId } from "@/lib/core/ids";
import { projectSettings } from "../projects/settings";
import { startDoubleOptIn } from "./double-opt-in";
import { parseInput } from "@/lib/core/validation";
import { mergedDataSql, splitDataPatch } from "./data-patch";
import { assertTopicChoices, saveTopicChoices } from "../topics/subscriptions";
import { UpsertContactInput } from "./schemas";
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

export type UpsertContactResult = { contact: Contact; created: boolean; enrolledRunIds: string[] };

/**
 * POST /v1/contacts semantics: insert, or update only the fields sent. A newly created subscribed
 * contact is enrolled in every live `contact.subscribed` automation by the SAME statement (a
 * data-modifying CTE), so creation and enrollment are atomic in one round trip: this is the
 * API's hottest write.
 */
export async function upsertContact(
  ctx: ServiceContext & { tx?: Executor },
  input: unknown,
  defaults: { source?: string } = {},
): Promise<UpsertContactResult> {
  const values = parseInput(UpsertContactInput, input);
  const choices = values.topics ?? [];
  // The contact and its topic choices are one change: both or neither.
  if (choices.length > 0 && !ctx.tx) {
    return ctx.db.transaction((tx) => upsertContact({ ...ctx, tx }, input, defaults));
  }
  const now = ctx.clock.now();
  const db = ctx.tx ?? ctx.db;
  await assertTopicChoices(db, ctx.projectId, choices);
  // Double opt-in: a new contact without an explicit `subscribed` waits for its confirmation.
  const confirm =
    values.subscribed === undefined &&
    (await projectSettings({ db, caches: ctx.caches }, ctx.projectId)).doubleOptIn;
  const upsert = db
    .insert(contacts)
    .values({
      id: newId("ct", now.getTime()),
      projectId: ctx.projectId,
      email: values.email,
      name: values.name ?? null,
      subscribed: values.subscribed ?? !confirm,
      source: values.source ?? defaults.source ?? "api",
      data: splitDataPatch(values.data ?? {}).set,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [contacts.projectId, contacts.email],
      set: {
        ...(values.name !== undefined && { name: values.name }),
        ...(values.subscribed !== undefined && { subscribed: values.subscribed }),
        ...(values.source !== undefined && { source: values.source }),
        ...(values.data !== undefined && { data: mergedDataSql(values.data) }),
        updatedAt: now,
      },
    })
    // xmax = 0 only for a freshly inserted row version.
    .returning({ ...getTableColumns(contacts), created: sql<boolean>`(xmax = 0)`.as("created") });

  const nowParam = sql`${now.toISOString()}::timestamptz`;
  // The row as it was, from the statement's snapshot, to judge the change for the webhooks. A
  // write to the same contact committed while this one waited for its lock is not seen: the
  // change is then judged against the row before both (at worst a doubled or a missed
  // contact.updated when two writes race on one contact).
  const prior = sql`select ${contacts.email}, ${contacts.name}, ${contacts.subscribed}, ${contacts.source}, ${contacts.data}
    from ${contacts} where ${contacts.projectId} = ${ctx.projectId} and ${contacts.email} = ${values.email}`;
  const statement = sql`
    with prior as (${prior}),
    upserted as (${upsert.getSQL()}),
    enrolled as (
      insert into ${automationRuns} (id, project_id, automation_id, contact_id, status, current_step, context, finished_at, created_at, updated_at)
      select ${runIdSql(nowParam)}, a.project_id, a.id, u.id,
             case when jsonb_array_length(a.steps) > 0 then 'active' else 'completed' end,
             a.steps -> 0 ->> 'id', ${subscribedRunContext(ctx.keyMode)},
             case when jsonb_array_length(a.steps) > 0 then null else ${nowParam} end,
             ${nowParam}, ${nowParam}
      from upserted u
      join ${automations} a
        on a.project_id = u.project_id and a.trigger_key = 'contact.subscribed' and a.status = 'live'
      where u.created and u.subscribed
      on conflict do nothing
      returning id
    )
    select u.*, coalesce((select array_agg(id) from enrolled), '{}') as enrolled_run_ids,
           ${contactChangedSql("prior", "u")} as changed,
           ${contactUnsubscribedSql("prior", "u")} as unsubscribed
    from upserted u left join prior on true`;
  // Webhooks need the write and its deliveries in one transaction; a project nobody listens to
  // keeps the single statement.
  const hooked = (await subscribedTypes(db, ctx.projectId, CONTACT_WRITE_TYPES)).size > 0;
  const row = hooked
    ? await withTransaction(db, async (tx) => {
        const written = rowsOf<RawUpsertRow>(await tx.execute(statement))[0]!;
        await enqueueContactWebhooks(
          tx,
          ctx.jobs,
          [contactWriteOf(contactFromRow(written), written)],
          now,
        );
        return written;
      })
    : rowsOf<RawUpsertRow>(await db.execute(statement))[0]!;
  if (row.enrolled_run_ids?.length) ctx.dueWork.wake();
  const upserted: UpsertContactResult = {
    contact: {
      id: row.id,
      projectId: row.project_id,
      email: row.email,
      name: row.name,
      subscribed: row.subscribed,
      source: row.source,
      data: row.data,
      confirmationToken: null,
      confirmationSentAt: null,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    },
    created: row.created,
    enrolledRunIds: row.enrolled_run_ids ?? [],
  };
  await saveTopicChoices(db, ctx.jobs, ctx.projectId, [row.id], choices, now);
  if (confirm && row.created) await startDoubleOptIn(ctx, upserted.contact);
  return upserted;
}

type RawUpsertRow = RawContactRow & {
  created: boolean;
  changed: boolean;
  unsubscribed: boolean;
  enrolled_run_ids: string[] | null;
};
