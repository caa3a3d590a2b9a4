import { sql } from "drizzle-orm";
import { compiledStatement } from "@/db/compiled";
import { contacts, events, type RecordedEvent } from "@/db/schema";
import { eventTriggerStatements } from "../automations/enroll";
import type { ServiceContext } from "@/lib/core/context";
import { newId } from "@/lib/core/ids";
import { parseInput } from "@/lib/core/validation";
import { RecordEventInput } from "./schemas";

/**
 * POST /v1/events semantics: records the event, attributed to the contact with that email if
 * any, and for an attributed event fires automation triggers — enrollments and wake-ups of runs
 * waiting for it (automations/enroll.ts) — all in ONE statement: atomic, one round trip.
 */
export async function recordEvent(ctx: ServiceContext, input: unknown): Promise<RecordedEvent> {
  const values = parseInput(RecordEventInput, input);
  const now = ctx.clock.now();
  const id = newId("evt", now.getTime());
  const email = values.email?.toLowerCase() ?? null;
  const data = values.data ?? {};
  const rows = await recordEventStatement<{ contact_id: string | null; runs_due: number }>(ctx.db, {
    id,
    projectId: ctx.projectId,
    name: values.name,
    email,
    data: JSON.stringify(data),
    now: now.toISOString(),
    mode: ctx.keyMode,
  });
  const [row] = rows;
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
