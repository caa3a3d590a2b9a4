import { and, eq, isNull, sql } from "drizzle-orm";
import { automationRuns, automationStepRuns, automations, contacts } from "@/db/schema";
import type { AutomationRun } from "@/db/schema";
import type { Executor } from "@/db";
import { mergedDataSql } from "../contacts/data-patch";
import { serviceContext } from "../context";
import { newId } from "../ids";
import { JOBS } from "../jobs/names";
import type { Runtime } from "../runtime";
import { sendAutomationEmail } from "./email-step";
import { advanceRun, FINISHED, type AdvanceResult, type RunContext } from "./runner";

/**
 * Executes the runs an `automation-advance` job names, each in its own transaction that locks the
 * run row: the steps it executes, their records, the emails they send (with delivery jobs) and the
 * run's new state commit together. A worker that dies mid-step rolls the transaction back and the
 * job is retried after its lease, so every step happens exactly once. Errors are collected and
 * rethrown after the batch so the queue retries the job; runs already advanced are no-ops then.
 */
export async function executeRuns(runtime: Runtime, runIds: readonly string[]) {
  const errors: unknown[] = [];
  let sentEmails = false;
  for (const runId of runIds) {
    try {
      sentEmails = (await executeRun(runtime, runId)).sentEmails || sentEmails;
    } catch (error) {
      console.error(`[automations] run ${runId} failed; its job will be retried:`, error);
      errors.push(error);
    }
  }
  if (sentEmails) runtime.jobs.notify(JOBS.deliverEmail);
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, `${errors.length} runs failed`);
}

export async function executeRun(runtime: Runtime, runId: string) {
  const now = runtime.clock.now();
  return runtime.db.transaction(async (tx) => {
    const [run] = await tx
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.id, runId))
      .for("update");
    if (!run || FINISHED.includes(run.status) || run.status === "paused") {
      if (run) await markProcessed(tx, run.id, now);
      return { sentEmails: false };
    }
    const [automation] = await tx
      .select({ status: automations.status, steps: automations.steps })
      .from(automations)
      .where(eq(automations.id, run.automationId));
    const [contact] = run.contactId
      ? await tx.select().from(contacts).where(eq(contacts.id, run.contactId))
      : [];
    if (!automation || automation.status !== "live") {
      // Draft automations pause their runs (runs.ts); this only closes a race with that update.
      await saveRun(tx, run, { status: "paused" }, now);
      return { sentEmails: false };
    }
    if (!contact) {
      await saveRun(tx, run, finishedAs("exited", "The contact was deleted."), now);
      return { sentEmails: false };
    }

    const ctx = serviceContext(runtime, run.projectId);
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
          sendAutomationEmail(tx, ctx, {
            runId: run.id,
            contactId: contact.id,
            step,
            facts,
            context,
          }),
      },
    });
    await persistAdvance(tx, run, result, now);
    return {
      sentEmails: result.records.some((r) => r.stepType === "email" && r.outcome === "sent"),
    };
  });
}

async function persistAdvance(tx: Executor, run: AutomationRun, result: AdvanceResult, now: Date) {
  if (result.records.length > 0) {
    await tx.insert(automationStepRuns).values(
      result.records.map((record) => ({
        id: newId("srn", now.getTime()),
        projectId: run.projectId,
        automationId: run.automationId,
        runId: run.id,
        ...record,
      })),
    );
  }
  for (const closure of result.closures) {
    await tx
      .update(automationStepRuns)
      .set({ finishedAt: closure.finishedAt, outcome: closure.outcome })
      .where(
        and(
          eq(automationStepRuns.runId, run.id),
          eq(automationStepRuns.stepId, closure.stepId),
          isNull(automationStepRuns.finishedAt),
        ),
      );
  }
  const patch = result.contactPatch;
  if (patch && run.contactId) {
    await tx
      .update(contacts)
      .set({
        ...(patch.subscribed !== undefined && { subscribed: patch.subscribed }),
        ...(patch.data && {
          data: mergedDataSql(patch.data),
        }),
        updatedAt: now,
      })
      .where(eq(contacts.id, run.contactId));
  }
  const { state } = result;
  await saveRun(
    tx,
    run,
    {
      status: state.status,
      currentStep: state.currentStep,
      resumeAt: state.resumeAt,
      waitEvent: state.waitEvent,
      context: state.context,
      stepsExecuted: state.stepsExecuted,
      error: state.error,
    },
    now,
  );
}

type RunUpdate = Partial<typeof automationRuns.$inferInsert>;

function finishedAs(status: "exited" | "failed", error: string): RunUpdate {
  return { status, error, currentStep: null, resumeAt: null, waitEvent: null };
}

async function saveRun(tx: Executor, run: AutomationRun, update: RunUpdate, now: Date) {
  const finished = update.status !== undefined && FINISHED.includes(update.status);
  await tx
    .update(automationRuns)
    .set({
      ...update,
      dispatchedAt: null,
      updatedAt: now,
      ...(finished && !run.finishedAt && { finishedAt: now }),
    })
    .where(eq(automationRuns.id, run.id));
}

/** A job found nothing to do for this run: it may be dispatched again when it is due. */
async function markProcessed(tx: Executor, runId: string, now: Date) {
  await tx
    .update(automationRuns)
    .set({ dispatchedAt: null, updatedAt: now })
    .where(and(eq(automationRuns.id, runId), sql`${automationRuns.dispatchedAt} is not null`));
}
