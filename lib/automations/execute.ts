import { eq, inArray, sql } from "drizzle-orm";
import {
  automationRuns,
  automationStepRuns,
  automations,
  contacts,
  type AutomationRun,
} from "@/db/schema";
import { rowsOf, type Executor } from "@/db";
import { isAnyOf } from "@/db/id-list";
import { newId } from "@/lib/core/ids";
import type { JobQueue } from "@/lib/core/jobs/queue";
import { deliverEmailJob } from "@/lib/sending/jobs";
import type { Runtime } from "@/lib/core/runtime";
import {
  contactChangedSql,
  contactFromRow,
  contactUnsubscribedSql,
  contactWriteOf,
  enqueueContactWebhooks,
  type RawContactRow,
} from "../webhooks/contact-events";
import { AutomationEmailBatch } from "./email-step";
import {
  advanceRun,
  FINISHED,
  type ContactPatch,
  type RunContext,
  type StepClosure,
  type StepRecord,
} from "./runner";

/**
 * Executes the runs an `automation-advance` job names in ONE transaction that locks their rows:
 * the steps they execute, the step records, the emails they send (with delivery jobs), contact
 * changes and the runs' new states commit together, written in bulk. A worker that dies mid-batch
 * rolls back and the job is retried after its lease, so every step happens exactly once. If the
 * batch fails, its runs are retried one by one so a single bad run cannot hold back the others;
 * what still fails is rethrown for the queue to retry.
 */
export async function executeRuns(runtime: Runtime, runIds: readonly string[]) {
  try {
    await executeBatch(runtime, runIds);
    return;
  } catch (error) {
    if (runIds.length === 1) throw error;
    console.error(`[automations] a batch of ${runIds.length} runs failed; retrying one by one`);
  }
  const errors: unknown[] = [];
  for (const runId of runIds) {
    try {
      await executeBatch(runtime, [runId]);
    } catch (error) {
      console.error(`[automations] run ${runId} failed; its job will be retried:`, error);
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} runs failed`);
}

type RunUpdate = {
  id: string;
  status: AutomationRun["status"];
  current_step: string | null;
  resume_at: string | null;
  wait_event: string | null;
  context: RunContext;
  steps_executed: number;
  error: string | null;
  finished: boolean;
};

async function executeBatch(runtime: Runtime, runIds: readonly string[]) {
  const now = runtime.clock.now();
  const delivering = await runtime.db.transaction(async (tx) => {
    // Locked in id order, so two batches sharing a run never deadlock.
    const rows = await tx
      .select({
        run: automationRuns,
        automation: { status: automations.status, steps: automations.steps },
        contact: contacts,
      })
      .from(automationRuns)
      .leftJoin(automations, eq(automations.id, automationRuns.automationId))
      .leftJoin(contacts, eq(contacts.id, automationRuns.contactId))
      .where(inArray(automationRuns.id, [...runIds]))
      .orderBy(automationRuns.id)
      .for("update", { of: automationRuns });

    const mailer = new AutomationEmailBatch(tx, runtime, now);
    await mailer.loadSuppressions(
      rows.flatMap(({ run, contact }) =>
        contact ? [{ projectId: run.projectId, email: contact.email }] : [],
      ),
    );
    const updates: RunUpdate[] = [];
    const records: (StepRecord & { run: AutomationRun })[] = [];
    const closures: (StepClosure & { runId: string })[] = [];
    const patches: { contactId: string; patch: ContactPatch }[] = [];

    for (const { run, automation, contact } of rows) {
      const base = { ...runState(run), id: run.id, finished: false };
      if (FINISHED.includes(run.status) || run.status === "paused") {
        if (run.dispatchedAt) updates.push(base);
        continue;
      }
      if (!automation || automation.status !== "live") {
        // Draft automations pause their runs (runs.ts); this closes a race with that update.
        updates.push({ ...base, status: "paused" });
        continue;
      }
      if (!contact) {
        updates.push({ ...finish(base, "exited"), error: "The contact was deleted." });
        continue;
      }
      const result = await advanceRun({
        state: {
          status: run.status,
          currentStep: run.currentStep,
          resumeAt: run.resumeAt,
          waitEvent: run.waitEvent,
          context: run.context as RunContext,
          stepsExecuted: run.stepsExecuted,
          error: run.error,
        },
        steps: automation.steps,
        facts: { contact },
        now,
        ports: {
          sendEmail: (step, facts, context) =>
            mailer.send({
              projectId: run.projectId,
              automationId: run.automationId,
              runId: run.id,
              contactId: contact.id,
              step,
              facts,
              context,
            }),
        },
      });
      const { state } = result;
      updates.push({
        id: run.id,
        status: state.status,
        current_step: state.currentStep,
        resume_at: state.resumeAt?.toISOString() ?? null,
        wait_event: state.waitEvent,
        context: state.context,
        steps_executed: state.stepsExecuted,
        error: state.error,
        finished: FINISHED.includes(state.status) && !run.finishedAt,
      });
      records.push(...result.records.map((record) => ({ ...record, run })));
      closures.push(...result.closures.map((closure) => ({ ...closure, runId: run.id })));
      if (result.contactPatch) patches.push({ contactId: contact.id, patch: result.contactPatch });
    }

    const delivering = await mailer.flush();
    await insertStepRecords(tx, records, now);
    await closeStepRecords(tx, closures);
    await patchContacts(tx, runtime.jobs, patches, now);
    await saveRuns(tx, updates, now);
    return delivering;
  });
  if (delivering) runtime.jobs.notify(deliverEmailJob);
}

function runState(run: AutomationRun): Omit<RunUpdate, "id" | "finished"> {
  return {
    status: run.status,
    current_step: run.currentStep,
    resume_at: run.resumeAt?.toISOString() ?? null,
    wait_event: run.waitEvent,
    context: run.context as RunContext,
    steps_executed: run.stepsExecuted,
    error: run.error,
  };
}

function finish(update: RunUpdate, status: "exited" | "failed"): RunUpdate {
  return {
    ...update,
    status,
    current_step: null,
    resume_at: null,
    wait_event: null,
    finished: true,
  };
}

async function insertStepRecords(
  tx: Executor,
  records: (StepRecord & { run: AutomationRun })[],
  now: Date,
) {
  if (records.length === 0) return;
  await tx.insert(automationStepRuns).values(
    records.map(({ run, ...record }) => ({
      id: newId("srn", now.getTime()),
      projectId: run.projectId,
      automationId: run.automationId,
      runId: run.id,
      ...record,
    })),
  );
}

/** Finishes the open records of delay and wait steps the runs moved past. */
async function closeStepRecords(tx: Executor, closures: (StepClosure & { runId: string })[]) {
  if (closures.length === 0) return;
  const values = closures.map((c) => ({
    run_id: c.runId,
    step_id: c.stepId,
    outcome: c.outcome,
    finished_at: c.finishedAt.toISOString(),
  }));
  await tx.execute(sql`
    update ${automationStepRuns} s
    set finished_at = v.finished_at, outcome = v.outcome
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as v(run_id text, step_id text, outcome text, finished_at timestamptz)
    where s.run_id = v.run_id and s.step_id = v.step_id and s.finished_at is null
      and ${isAnyOf(
        sql`s.run_id`,
        values.map((v) => v.run_id),
      )}`);
}

/**
 * Action steps' contact changes: `data` merged shallowly, a null value removes the key. Each
 * row is locked and read as it was in the same statement, so the webhooks name real changes.
 */
async function patchContacts(
  tx: Executor,
  jobs: JobQueue,
  patches: { contactId: string; patch: ContactPatch }[],
  now: Date,
) {
  if (patches.length === 0) return;
  const values = patches.map(({ contactId, patch }) => {
    const data = Object.entries(patch.data ?? {});
    return {
      id: contactId,
      subscribed: patch.subscribed ?? null,
      set_data: Object.fromEntries(data.filter(([, v]) => v !== null)),
      remove_keys: data.filter(([, v]) => v === null).map(([k]) => k),
    };
  });
  const ids = values.map((v) => v.id);
  const patched = await tx.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as v(id text, subscribed boolean, set_data jsonb, remove_keys jsonb)
    )
    update ${contacts} c
    set subscribed = coalesce(v.subscribed, c.subscribed),
        data = (c.data || v.set_data) - array(select jsonb_array_elements_text(v.remove_keys)),
        updated_at = ${now.toISOString()}::timestamptz
    from v join (select id, email, name, subscribed, source, data from ${contacts}
                 where ${isAnyOf(contacts.id, ids)} order by id for update) prior on prior.id = v.id
    where c.id = v.id and ${isAnyOf(sql`c.id`, ids)}
    returning c.*, ${contactChangedSql("prior", "c")} as changed,
              ${contactUnsubscribedSql("prior", "c")} as unsubscribed`);
  const writes = rowsOf<RawContactRow & { changed: boolean; unsubscribed: boolean }>(patched).map(
    (row) => contactWriteOf(contactFromRow(row), { ...row, created: false }),
  );
  await enqueueContactWebhooks(tx, jobs, writes, now);
}

/** Every run of the batch gets its new state; `dispatched_at` is cleared so it can be due again. */
async function saveRuns(tx: Executor, updates: RunUpdate[], now: Date) {
  if (updates.length === 0) return;
  const at = sql`${now.toISOString()}::timestamptz`;
  await tx.execute(sql`
    update ${automationRuns} r
    set status = v.status, current_step = v.current_step, resume_at = v.resume_at,
        wait_event = v.wait_event, context = v.context, steps_executed = v.steps_executed,
        error = v.error, dispatched_at = null, updated_at = ${at},
        finished_at = case when v.finished then ${at} else r.finished_at end
    from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
      as v(id text, status text, current_step text, resume_at timestamptz, wait_event text,
           context jsonb, steps_executed int, error text, finished boolean)
    where r.id = v.id and ${isAnyOf(
      sql`r.id`,
      updates.map((u) => u.id),
    )}`);
}
