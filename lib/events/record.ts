import { sql } from "drizzle-orm";
import { rowsOf } from "@/db";
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
  const at = sql`${now.toISOString()}::timestamptz`;
  const id = newId("evt", now.getTime());
  const email = values.email?.toLowerCase() ?? null;
  const data = values.data ?? {};
  const contactId = sql`(select id from contact)`;
  const triggers = eventTriggerStatements({
    projectId: ctx.projectId,
    contactId,
    event: { id, name: values.name, data },
    now: at,
    mode: ctx.keyMode,
  });
  const result = await ctx.db.execute(sql`
    with contact as (
      select id from ${contacts} where project_id = ${ctx.projectId} and email = ${email}
    ),
    inserted as (
      insert into ${events} (id, project_id, name, contact_id, email, data, created_at)
      values (${id}, ${ctx.projectId}, ${values.name}, ${contactId}, ${email},
              ${JSON.stringify(data)}::jsonb, ${at})
      returning contact_id
    ),
    enrolled as (${triggers.enroll}),
    woken as (${triggers.wake})
    select (select contact_id from inserted) as contact_id,
           (select count(*) from enrolled)::int + (select count(*) from woken)::int as runs_due`);
  const [row] = rowsOf<{ contact_id: string | null; runs_due: number }>(result);
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
