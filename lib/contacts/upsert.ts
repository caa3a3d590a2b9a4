import { sql } from "drizzle-orm";
import { contacts, type Contact } from "@/db/schema";
import type { Executor } from "@/db";
import { compiledStatement } from "@/db/compiled";
import { newSubscriberEnrollmentSql } from "../automations/enroll";
import { isTransaction, withTransaction, type ServiceContext } from "@/lib/core/context";
import { groupIn, type GroupSlot } from "@/lib/core/group-commit";
import { settleAll } from "@/lib/core/settle-all";
import type { Runtime } from "@/lib/core/runtime";
import { newId } from "@/lib/core/ids";
import { projectSettings } from "../projects/settings";
import { startDoubleOptIn } from "./double-opt-in";
import { parseInput } from "@/lib/core/validation";
import { splitDataPatch } from "./data-patch";
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
  const patch = splitDataPatch(values.data ?? {});
  const statementValues: UpsertValues = {
    id: newId("ct", now.getTime()),
    projectId: ctx.projectId,
    email: values.email,
    name: values.name ?? null,
    subscribed: values.subscribed ?? !confirm,
    source: values.source ?? defaults.source ?? "api",
    dataSet: JSON.stringify(patch.set),
    dataRemove: JSON.stringify(patch.remove),
    nameGiven: values.name !== undefined,
    subscribedGiven: values.subscribed !== undefined,
    sourceGiven: values.source !== undefined,
    dataGiven: values.data !== undefined,
    now: now.toISOString(),
    mode: ctx.keyMode,
  };
  const row = isTransaction(db)
    ? await writeContact(db, ctx.jobs, statementValues, now)
    : await contactGroupOf(ctx).submit(statementValues);
  if (!row) throw new Error("The contact upsert returned no row");
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

/**
 * One contact's write. Webhooks need the write and its deliveries in one transaction; a project
 * nobody listens to keeps the single statement.
 */
async function writeContact(
  db: Executor,
  jobs: Runtime["jobs"],
  values: UpsertValues,
  now: Date,
): Promise<RawUpsertRow | undefined> {
  const hooked = (await subscribedTypes(db, values.projectId, CONTACT_WRITE_TYPES)).size > 0;
  if (!hooked) return (await upsertStatement<RawUpsertRow>(db, values))[0];
  return withTransaction(db, async (tx) => {
    const written = (await upsertStatement<RawUpsertRow>(tx, values))[0]!;
    await enqueueContactWebhooks(tx, jobs, [contactWriteOf(contactFromRow(written), written)], now);
    return written;
  });
}

declare module "@/lib/core/runtime" {
  interface RuntimeCaches {
    /** The process's group commit of POST /v1/contacts, made on first use (upsert.ts). */
    contactGroup: GroupSlot<UpsertValues, RawUpsertRow | undefined>;
  }
}

/**
 * Concurrent upserts share a transaction (lib/core/group-commit.ts): their statements and the
 * webhook lookup of their projects go out together, then the webhook deliveries of those with
 * listeners, then one COMMIT; a write alone keeps its own path (writeContact). A group that
 * fails (a deadlock with another group on the same contacts) runs again one write at a time.
 */
function contactGroupOf(runtime: Runtime) {
  return groupIn(
    runtime.caches.contactGroup,
    runtime.handle.driver,
    async (group: UpsertValues[]) => {
      if (group.length === 1)
        return [
          {
            ok: true as const,
            value: await writeContact(runtime.db, runtime.jobs, group[0]!, runtime.clock.now()),
          },
        ];
      return withTransaction(runtime.db, async (tx) => {
        const projects = [...new Set(group.map((values) => values.projectId))];
        const [listened, written] = await Promise.all([
          settleAll(
            projects.map((projectId) => subscribedTypes(tx, projectId, CONTACT_WRITE_TYPES)),
          ),
          settleAll(group.map((values) => upsertStatement<RawUpsertRow>(tx, values))),
        ]);
        const hooked = new Set(projects.filter((_, i) => listened[i]!.size > 0));
        const rows = written.map(([row]) => row);
        const writes = rows
          .filter((row): row is RawUpsertRow => row !== undefined && hooked.has(row.project_id))
          .map((row) => contactWriteOf(contactFromRow(row), row));
        await enqueueContactWebhooks(tx, runtime.jobs, writes, runtime.clock.now());
        return rows.map((row) => ({ ok: true as const, value: row }));
      });
    },
  );
}

type RawUpsertRow = RawContactRow & {
  created: boolean;
  changed: boolean;
  unsubscribed: boolean;
  enrolled_run_ids: string[] | null;
};

type UpsertValues = {
  id: string;
  projectId: string;
  email: string;
  name: string | null;
  subscribed: boolean;
  source: string;
  /** JSON of the data keys to set, and of the keys to remove (sent as null). */
  dataSet: string;
  dataRemove: string;
  /** Which fields the request sent: an update changes only those. */
  nameGiven: boolean;
  subscribedGiven: boolean;
  sourceGiven: boolean;
  dataGiven: boolean;
  now: string;
  mode: string;
};

const p = (name: keyof UpsertValues) => sql.placeholder(name);
const nowParam = sql`${p("now")}::timestamptz`;
const dataSetParam = sql`${p("dataSet")}::jsonb`;
const dataRemoveParam = sql`array(select jsonb_array_elements_text(${p("dataRemove")}::jsonb))`;

/**
 * POST /v1/contacts in one statement, built once (db/compiled.ts): the row as it was (from the
 * statement's snapshot, to judge the change for the webhooks: a write to the same contact
 * committed while this one waited for its lock is not seen, so at worst two racing writes give a
 * doubled or a missed contact.updated), the insert or the update of only the fields sent, and
 * the enrollment of a new subscriber. `xmax = 0` only for a freshly inserted row version.
 */
const upsertStatement = compiledStatement<UpsertValues>(
  () => sql`
    with prior as (
      select ${contacts.email}, ${contacts.name}, ${contacts.subscribed}, ${contacts.source}, ${contacts.data}
      from ${contacts} where ${contacts.projectId} = ${p("projectId")} and ${contacts.email} = ${p("email")}
    ),
    upserted as (
      insert into ${contacts} (id, project_id, email, name, subscribed, source, data, created_at, updated_at)
      values (${p("id")}, ${p("projectId")}, ${p("email")}, ${p("name")}, ${p("subscribed")},
              ${p("source")}, ${dataSetParam}, ${nowParam}, ${nowParam})
      on conflict (project_id, email) do update set
        name = case when ${p("nameGiven")}::boolean then excluded.name else ${contacts.name} end,
        subscribed = case when ${p("subscribedGiven")}::boolean then excluded.subscribed else ${contacts.subscribed} end,
        source = case when ${p("sourceGiven")}::boolean then excluded.source else ${contacts.source} end,
        data = case when ${p("dataGiven")}::boolean
               then (${contacts.data} || ${dataSetParam}) - ${dataRemoveParam}
               else ${contacts.data} end,
        updated_at = excluded.updated_at
      returning *, (xmax = 0) as created
    ),
    enrolled as (${newSubscriberEnrollmentSql({ upserted: sql`upserted`, now: nowParam, mode: p("mode") })})
    select u.*, coalesce((select array_agg(id) from enrolled), '{}') as enrolled_run_ids,
           ${contactChangedSql("prior", "u")} as changed,
           ${contactUnsubscribedSql("prior", "u")} as unsubscribed
    from upserted u left join prior on true`,
);
