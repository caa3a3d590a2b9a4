import { and, eq, inArray, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import { automationRuns, automationStepRuns, automations } from "@/db/schema";
import type { Executor } from "@/db";

/**
 * Enrollment: the one call site through which contacts enter automations. Called inside the
 * transaction that created the contact or recorded the event, so enrollment is atomic with its
 * cause. It records durable run rows; the dispatcher (dispatch.ts) hands them to the executor.
 */
export type EnrollmentTrigger =
  | { kind: "contact.subscribed" }
  | { kind: "event"; name: string; eventId: string; data: Record<string, unknown> };

/**
 * A run id generated inside SQL (for enrollment done in the same statement as the contact
 * insert): `run_`, 12 hex digits of epoch milliseconds (time-ordered like newId), 14 random hex.
 */
function runIdSql(now: SQL) {
  return sql`'run_' || lpad(to_hex((extract(epoch from ${now}) * 1000)::bigint), 12, '0') || substr(md5(random()::text || clock_timestamp()::text), 1, 14)`;
}

/**
 * Test mode follows the cause (DECISIONS §8): a run started by a test key's request (an event, a
 * contact created) carries `mode: "test"` in its context, and its emails are simulated.
 */
export type RunMode = "live" | "test";

/** The run context a `contact.subscribed` enrollment starts with. */
function subscribedRunContext(mode: RunMode | Placeholder): SQL {
  return sql`jsonb_build_object('mode', ${mode}::text)`;
}

export function triggerKeyOf(trigger: { event: string; name?: string }): string {
  return trigger.event === "event" ? `event:${trigger.name}` : "contact.subscribed";
}

/** A contact that became a confirmed subscriber enters live `contact.subscribed` automations. */
export async function enrollSubscribedContact(
  tx: Executor,
  args: { projectId: string; contactId: string; now: Date },
) {
  const now = sql`${args.now.toISOString()}::timestamptz`;
  await tx.execute(
    enrollmentInsert({
      contactId: sql`${args.contactId}`,
      context: subscribedRunContext("live"),
      now,
      from: sql`${automations} a`,
      where: sql`a.project_id = ${args.projectId} and ${liveAutomationsOf("contact.subscribed")}`,
    }),
  );
}

/**
 * The enrollment of new subscribers, as a statement (a CTE) inside the statement that upserts
 * them, so a contact and its runs are written in one round trip. `upserted` names a relation of
 * the upserted contacts with `id`, `project_id`, `subscribed` and `created` (a fresh insert):
 * each contact created subscribed enters every live `contact.subscribed` automation of its
 * project. Shared by POST /v1/contacts (upsert.ts) and imports (bulk-upsert.ts).
 */
export function newSubscriberEnrollmentSql(args: {
  upserted: SQL;
  now: SQL;
  /** The mode of the key that wrote the contacts: a test key starts test runs. */
  mode: RunMode | Placeholder;
}): SQL {
  return enrollmentInsert({
    contactId: sql`u.id`,
    context: subscribedRunContext(args.mode),
    now: args.now,
    from: sql`${args.upserted} u join ${automations} a on a.project_id = u.project_id`,
    where: sql`${liveAutomationsOf("contact.subscribed")} and u.created and u.subscribed`,
  });
}

/** The condition on the automations (`a`) a trigger enrolls into. */
function liveAutomationsOf(triggerKey: string | SQL): SQL {
  return sql`a.trigger_key = ${triggerKey} and a.status = 'live'`;
}

/**
 * The one statement that starts runs: the contact enters each automation (`a`) of `from` that
 * `where` keeps (an empty automation's run is completed at once); the unique index on unfinished
 * runs makes a second enrollment a no-op. Returns the new runs' ids.
 */
function enrollmentInsert(args: {
  contactId: SQL;
  context: SQL;
  now: SQL;
  /** A relation with the automations as `a` (and the contacts, when they come from a relation). */
  from: SQL;
  where: SQL;
}): SQL {
  const { contactId, now } = args;
  return sql`
    insert into ${automationRuns} (id, project_id, automation_id, contact_id, status, current_step, context, finished_at, created_at, updated_at)
    select ${runIdSql(now)}, a.project_id, a.id, ${contactId},
           case when jsonb_array_length(a.steps) > 0 then 'active' else 'completed' end,
           a.steps -> 0 ->> 'id', ${args.context},
           case when jsonb_array_length(a.steps) > 0 then null else ${now} end, ${now}, ${now}
    from ${args.from}
    where ${args.where}
    on conflict do nothing
    returning id`;
}

/**
 * A deleted contact's unfinished runs exit (DECISIONS §5); the delay or wait they stood in is
 * closed with outcome `exited`.
 */
export async function exitRunsOfContact(
  tx: Executor,
  projectId: string,
  contactId: string,
  now: Date,
) {
  const exited = await tx
    .update(automationRuns)
    .set({
      status: "exited",
      error: "The contact was deleted.",
      currentStep: null,
      resumeAt: null,
      waitEvent: null,
      updatedAt: now,
      finishedAt: now,
    })
    .where(
      and(
        eq(automationRuns.projectId, projectId),
        eq(automationRuns.contactId, contactId),
        inArray(automationRuns.status, ["active", "delayed", "waiting", "paused"]),
      ),
    )
    .returning({ id: automationRuns.id });
  if (exited.length === 0) return;
  await tx
    .update(automationStepRuns)
    .set({ finishedAt: now, outcome: "exited" })
    .where(
      and(
        inArray(
          automationStepRuns.runId,
          exited.map((r) => r.id),
        ),
        isNull(automationStepRuns.finishedAt),
      ),
    );
}

/**
 * The statements an event runs for its contact (`contactId` is SQL: the event's own statement
 * looks the contact up), as parts of that one statement, so the event, the enrollments and the
 * wake-ups are atomic in one round trip:
 * - `enroll`: a run in every live automation triggered by this event name, carrying the event's
 *   data (`event.<key>` in branches); the partial unique index keeps one open run per contact.
 * - `wake`: the contact's runs waiting for this event complete their wait with outcome `event`
 *   and continue with the event's data. A run of a paused automation notes the event too and
 *   continues when the automation is live again.
 * Both return the run ids they touched.
 */
export function eventTriggerStatements(args: {
  projectId: string | Placeholder;
  contactId: SQL;
  /** Values or placeholders (a statement built once); `data` is the event's data as jsonb. */
  event: { id: string | Placeholder; name: string | Placeholder; data: SQL };
  now: SQL;
  /** The mode of the key that recorded the event: a test key's event starts test runs. */
  mode: RunMode | Placeholder;
}) {
  const { projectId, contactId, event, now } = args;
  const data = event.data;
  const context = sql`jsonb_build_object('event', ${data}, 'event_name', ${event.name}::text, 'event_id', ${event.id}::text, 'mode', ${args.mode}::text)`;
  const enroll = enrollmentInsert({
    contactId,
    context,
    now,
    from: sql`${automations} a`,
    where: sql`a.project_id = ${projectId} and ${liveAutomationsOf(sql`'event:' || ${event.name}::text`)}
      and ${contactId} is not null`,
  });
  const wake = sql`
    update ${automationRuns}
    set status = case when status = 'paused' then 'paused' else 'active' end,
        wait_event = null, resume_at = null, dispatched_at = null, updated_at = ${now},
        context = context || jsonb_build_object('event', ${data}, 'event_name', ${event.name}::text,
          'wait', jsonb_build_object('outcome', 'event', 'step', current_step))
    where project_id = ${projectId} and contact_id = ${contactId}
      and status in ('waiting', 'paused') and wait_event = ${event.name}
    returning id`;
  return { enroll, wake };
}
