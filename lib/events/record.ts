import { sql } from "drizzle-orm";
import { compiledStatement } from "@/db/compiled";
import { contacts, events, type RecordedEvent } from "@/db/schema";
import { eventTriggerStatements } from "../automations/enroll";
import { isTransaction, withTransaction, type ServiceContext } from "@/lib/core/context";
import { groupIn, type GroupSlot } from "@/lib/core/group-commit";
import { settleAll } from "@/lib/core/settle-all";
import type { Runtime } from "@/lib/core/runtime";
import type { Executor } from "@/db";
import { newId } from "@/lib/core/ids";
import { parseInput } from "@/lib/core/validation";
import { RecordEventInput } from "./schemas";

/**
 * POST /v1/events semantics: records the event, attributed to the contact with that email if
 * any, and for an attributed event fires automation triggers — enrollments and wake-ups of runs
 * waiting for it (automations/enroll.ts) — all in ONE statement: atomic, one round trip. The
 * statements of concurrent requests go out together in one transaction (group commit, below).
 */
export async function recordEvent(ctx: ServiceContext, input: unknown): Promise<RecordedEvent> {
  const values = parseInput(RecordEventInput, input);
  const now = ctx.clock.now();
  const id = newId("evt", now.getTime());
  const email = values.email?.toLowerCase() ?? null;
  const data = values.data ?? {};
  const statement: RecordEventValues = {
    id,
    projectId: ctx.projectId,
    name: values.name,
    email,
    data: JSON.stringify(data),
    now: now.toISOString(),
    mode: ctx.keyMode,
  };
  const row = isTransaction(ctx.db)
    ? (await recordEventStatement<RecordedRow>(ctx.db, statement))[0]
    : await eventGroupOf(ctx).submit(statement);
  if (row && row.runs_due > 0) ctx.dueWork.wake();
  return {
    id,
    projectId: ctx.projectId,
    name: values.name,
    contactId: row?.contact_id ?? null,
    email,
    data,
    createdAt: now,
  };
}

type RecordedRow = { contact_id: string | null; runs_due: number };

declare module "@/lib/core/runtime" {
  interface RuntimeCaches {
    /** The process's group commit of POST /v1/events, made on first use (record.ts). */
    eventGroup: GroupSlot<RecordEventValues, RecordedRow | undefined>;
  }
}

/**
 * Each event was its own transaction: a socket write, a round trip and a WAL flush per request.
 * Grouped, the statements of a group are written together and committed once; a group that
 * fails (a deadlock between two groups' enrollments, say) is run again one event at a time.
 */
function eventGroupOf(runtime: Runtime) {
  return groupIn(
    runtime.caches.eventGroup,
    runtime.handle.driver,
    async (group: RecordEventValues[]) => {
      const run = (tx: Executor) =>
        settleAll(group.map((values) => recordEventStatement<RecordedRow>(tx, values)));
      // Alone, the statement is its own transaction.
      const rows =
        group.length === 1 ? await run(runtime.db) : await withTransaction(runtime.db, run);
      return rows.map(([row]) => ({ ok: true as const, value: row }));
    },
  );
}

type RecordEventValues = {
  id: string;
  projectId: string;
  name: string;
  email: string | null;
  /** The event's data as JSON. */
  data: string;
  now: string;
  mode: string;
};

const p = (name: keyof RecordEventValues) => sql.placeholder(name);

/** The event, its enrollments and its wake-ups: built once (db/compiled.ts), run per request. */
const recordEventStatement = compiledStatement<RecordEventValues>(() => {
  const at = sql`${p("now")}::timestamptz`;
  const contactId = sql`(select id from contact)`;
  const triggers = eventTriggerStatements({
    projectId: p("projectId"),
    contactId,
    event: { id: p("id"), name: p("name"), data: sql`${p("data")}::jsonb` },
    now: at,
    mode: p("mode"),
  });
  return sql`
    with contact as (
      select id from ${contacts} where project_id = ${p("projectId")} and email = ${p("email")}
    ),
    inserted as (
      insert into ${events} (id, project_id, name, contact_id, email, data, created_at)
      values (${p("id")}, ${p("projectId")}, ${p("name")}, ${contactId}, ${p("email")},
              ${p("data")}::jsonb, ${at})
      returning contact_id
    ),
    enrolled as (${triggers.enroll}),
    woken as (${triggers.wake})
    select (select contact_id from inserted) as contact_id,
           (select count(*) from enrolled)::int + (select count(*) from woken)::int as runs_due`;
});
