import { sql } from "drizzle-orm";
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, rowIdColumn, timestampMs, updatedAt } from "./columns";
import { contacts } from "./contacts";
import type { BreakerTrip } from "./campaigns";
import { projectForeignKey } from "./projects";

export type AutomationTrigger = { event: "contact.subscribed" } | { event: "event"; name: string };
export type AutomationStepRecord = Record<string, unknown> & { id: string; type: string };

export const automations = pgTable(
  "automations",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    name: text().notNull(),
    status: text({ enum: ["draft", "live", "paused"] })
      .notNull()
      .default("draft"),
    trigger: jsonb().$type<AutomationTrigger>().notNull(),
    // Denormalised from `trigger` ("contact.subscribed" or "event:<name>") for indexed enrollment.
    triggerKey: text().notNull(),
    steps: jsonb().$type<AutomationStepRecord[]>().notNull().default([]),
    // Set by the deliverability circuit breaker (status `paused`): "bounce_rate" or "complaint_rate".
    pausedReason: text({ enum: ["bounce_rate", "complaint_rate"] }),
    pausedAt: timestampMs(),
    pauseStats: jsonb().$type<BreakerTrip>(),
    // When it last went live: the breaker judges only the emails sent after it.
    liveSince: timestampMs(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    index("automations_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
    index("automations_project_status_created_idx").on(
      t.projectId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // Jobs load an automation by its id alone.
    index("automations_id_idx").on(t.id),
    index("automations_trigger_idx").on(t.projectId, t.triggerKey, t.status),
  ],
);

export const RUN_STATUSES = [
  "active",
  "delayed",
  "waiting",
  "paused",
  "completed",
  "exited",
  "failed",
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const automationRuns = pgTable(
  "automation_runs",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    automationId: text().notNull(),
    // Kept (set null) when the contact is deleted so the run's history survives as `exited`.
    contactId: text(),
    status: text({ enum: RUN_STATUSES }).notNull().default("active"),
    currentStep: text(),
    resumeAt: timestampMs(),
    waitEvent: text(),
    // Data of the event that enrolled or last woke the run, plus `wait.outcome`.
    context: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    stepsExecuted: integer().notNull().default(0),
    // Set when the dispatcher handed the run to an executor job; cleared when a job processed it.
    dispatchedAt: timestampMs(),
    error: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestampMs(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    foreignKey({
      name: "automation_runs_automation_fk",
      columns: [t.projectId, t.automationId],
      foreignColumns: [automations.projectId, automations.id],
    }).onDelete("cascade"),
    // ON DELETE SET NULL (column) in the migration: a plain SET NULL would null project_id too.
    foreignKey({
      name: "automation_runs_contact_fk",
      columns: [t.projectId, t.contactId],
      foreignColumns: [contacts.projectId, contacts.id],
    }).onDelete("set null"),
    // Workers load a run by its id alone (lib/automations).
    index("automation_runs_id_idx").on(t.id),
    // A contact has at most one unfinished run per automation.
    uniqueIndex("automation_runs_one_open_per_contact")
      .on(t.projectId, t.automationId, t.contactId)
      .where(sql`${t.status} in ('active', 'delayed', 'waiting', 'paused')`),
    index("automation_runs_automation_created_idx").on(
      t.automationId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("automation_runs_automation_status_created_idx").on(
      t.automationId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // The contact timeline: a contact's runs, newest first.
    index("automation_runs_contact_created_idx").on(t.contactId, t.createdAt.desc(), t.id.desc()),
    index("automation_runs_waiting_idx")
      .on(t.projectId, t.contactId, t.waitEvent)
      .where(sql`${t.status} in ('waiting', 'paused')`),
    // The dispatcher's two ways a run becomes due: runnable now, or a timer that came due.
    index("automation_runs_runnable_idx")
      .on(t.dispatchedAt)
      .where(sql`${t.status} = 'active'`),
    index("automation_runs_timer_idx")
      .on(t.resumeAt)
      .where(sql`${t.status} in ('delayed', 'waiting')`),
    index("automation_runs_current_step_idx")
      .on(t.automationId, t.currentStep)
      .where(sql`${t.status} in ('active', 'delayed', 'waiting', 'paused')`),
  ],
);

export const automationStepRuns = pgTable(
  "automation_step_runs",
  {
    id: rowIdColumn(),
    projectId: text().notNull(),
    // Denormalised from the run for per-step counters (GET /v1/automations/:id).
    automationId: text().notNull(),
    runId: text().notNull(),
    stepId: text().notNull(),
    stepType: text().notNull(),
    // Unique per run and execution so a retried job never executes a step twice.
    executionKey: text().notNull(),
    startedAt: timestampMs().notNull(),
    finishedAt: timestampMs(),
    outcome: text(),
    error: text(),
    detail: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    uniqueIndex("automation_step_runs_execution_key").on(t.projectId, t.runId, t.executionKey),
    foreignKey({
      name: "automation_step_runs_automation_fk",
      columns: [t.projectId, t.automationId],
      foreignColumns: [automations.projectId, automations.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "automation_step_runs_run_fk",
      columns: [t.projectId, t.runId],
      foreignColumns: [automationRuns.projectId, automationRuns.id],
    }).onDelete("cascade"),
    index("automation_step_runs_run_idx").on(t.runId, t.startedAt),
    index("automation_step_runs_automation_step_idx").on(t.automationId, t.stepId),
    // Emails an automation sent, counted per automation for its list row (lib/automations/activity.ts).
    index("automation_step_runs_emails_sent_idx")
      .on(t.automationId)
      .where(sql`${t.stepType} = 'email' and ${t.outcome} in ('sent', 'queued')`),
  ],
);

export type Automation = typeof automations.$inferSelect;
export type AutomationRun = typeof automationRuns.$inferSelect;
export type AutomationStepRun = typeof automationStepRuns.$inferSelect;
export type AutomationStatus = Automation["status"];
