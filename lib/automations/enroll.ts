import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { automationRuns, automations } from "@/db/schema";
import type { Executor } from "@/db";
import { newId } from "../ids";

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
export function runIdSql(now: SQL) {
  return sql`'run_' || lpad(to_hex((extract(epoch from ${now}) * 1000)::bigint), 12, '0') || substr(md5(random()::text || clock_timestamp()::text), 1, 14)`;
}

export function triggerKeyOf(trigger: { event: string; name?: string }): string {
  return trigger.event === "event" ? `event:${trigger.name}` : "contact.subscribed";
}

export async function enrollContactInAutomations(
  tx: Executor,
  args: { projectId: string; contactId: string; trigger: EnrollmentTrigger; now: Date },
): Promise<{ runIds: string[] }> {
  const key = args.trigger.kind === "event" ? `event:${args.trigger.name}` : "contact.subscribed";
  const live = await tx
    .select({ id: automations.id, steps: automations.steps })
    .from(automations)
    .where(
      and(
        eq(automations.projectId, args.projectId),
        eq(automations.triggerKey, key),
        eq(automations.status, "live"),
      ),
    );
  if (live.length === 0) return { runIds: [] };

  const context =
    args.trigger.kind === "event"
      ? { event: args.trigger.data, event_name: args.trigger.name, event_id: args.trigger.eventId }
      : {};
  const inserted = await tx
    .insert(automationRuns)
    .values(
      live.map((automation) => ({
        id: newId("run", args.now.getTime()),
        projectId: args.projectId,
        automationId: automation.id,
        contactId: args.contactId,
        status: automation.steps.length > 0 ? ("active" as const) : ("completed" as const),
        currentStep: automation.steps[0]?.id ?? null,
        context,
        createdAt: args.now,
        updatedAt: args.now,
        finishedAt: automation.steps.length > 0 ? null : args.now,
      })),
    )
    // The partial unique index allows one unfinished run per (automation, contact).
    .onConflictDoNothing()
    .returning({ id: automationRuns.id });
  return { runIds: inserted.map((r) => r.id) };
}

/** A deleted contact's unfinished runs exit (DECISIONS §5). */
export async function exitRunsOfContact(
  tx: Executor,
  projectId: string,
  contactId: string,
  now: Date,
) {
  await tx
    .update(automationRuns)
    .set({
      status: "exited",
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
    );
}

/**
 * Wakes runs of this contact waiting for `eventName`: the wait step completes with outcome
 * `event` and the run continues with the event's data. A run of a paused automation notes the
 * event too and continues when the automation is live again. Returns the woken run ids.
 */
export async function wakeRunsWaitingForEvent(
  tx: Executor,
  args: {
    projectId: string;
    contactId: string;
    eventName: string;
    data: Record<string, unknown>;
    now: Date;
  },
): Promise<string[]> {
  const woken = await tx
    .update(automationRuns)
    .set({
      status: sql`case when ${automationRuns.status} = 'paused' then 'paused' else 'active' end`,
      waitEvent: null,
      resumeAt: null,
      dispatchedAt: null,
      context: sql`${automationRuns.context} || jsonb_build_object(
        'event', ${JSON.stringify(args.data)}::jsonb,
        'event_name', ${args.eventName}::text,
        'wait', jsonb_build_object('outcome', 'event', 'step', ${automationRuns.currentStep}))`,
      updatedAt: args.now,
    })
    .where(
      and(
        eq(automationRuns.projectId, args.projectId),
        eq(automationRuns.contactId, args.contactId),
        inArray(automationRuns.status, ["waiting", "paused"]),
        eq(automationRuns.waitEvent, args.eventName),
      ),
    )
    .returning({ id: automationRuns.id });
  return woken.map((r) => r.id);
}
