import { and, asc, eq, type SQL } from "drizzle-orm";
import {
  automationRuns,
  automationStepRuns,
  contacts,
  type AutomationStepRecord,
  type RunStatus,
} from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
import { readableTemplateNames } from "@/lib/templates/names";
import { findAutomationOrThrow } from "./internal";
import { ListRunsQuery } from "./schemas";
import { serializeRun, serializeStepRun } from "./serialize";

// GET /v1/automations/:id/runs — newest first, keyset-paged, filter: status
export async function listRuns(ctx: ServiceContext, automationId: string, query: unknown) {
  const { limit, cursor, status } = parseInput(ListRunsQuery, query);
  const automation = await findAutomationOrThrow(ctx.db, ctx.projectId, automationId);
  const scope = `${ctx.projectId}:runs:${automation.id}`;
  const filters: (SQL | undefined)[] = [
    eq(automationRuns.automationId, automation.id),
    status !== undefined ? eq(automationRuns.status, status) : undefined,
    beforeCursor(automationRuns.createdAt, automationRuns.id, decodeCursor(scope, cursor)),
  ];
  const rows = await ctx.db
    .select()
    .from(automationRuns)
    .where(and(...filters))
    .orderBy(...newestFirst(automationRuns.createdAt, automationRuns.id))
    .limit(limit + 1);
  return toPage(rows, limit, scope, (r) => r, serializeRun);
}

// GET /v1/automations/:id/runs/:runId — the run with every step it executed, in order
export async function getRun(ctx: ServiceContext, automationId: string, runId: string) {
  const [run] = await ctx.db
    .select()
    .from(automationRuns)
    .where(
      and(
        eq(automationRuns.projectId, ctx.projectId),
        eq(automationRuns.automationId, automationId),
        eq(automationRuns.id, runId),
      ),
    )
    .limit(1);
  if (!run) throw new NotFoundError("Run");
  const steps = await ctx.db
    .select()
    .from(automationStepRuns)
    .where(eq(automationStepRuns.runId, run.id))
    .orderBy(asc(automationStepRuns.startedAt), asc(automationStepRuns.id));
  return { ...serializeRun(run), steps: steps.map(serializeStepRun) };
}

export type RunListItem = ReturnType<typeof serializeRun> & { contact_email: string | null };

/**
 * The runs page: a keyset page of one automation's runs, newest first, each with its contact's
 * email from the same query (a left join: a deleted contact leaves the run with no contact).
 * The cursor scope is the API's (GET /v1/automations/:id/runs), so a cursor names the same list.
 * The caller has already found the automation in this project.
 */
export async function listRunsWithContacts(
  ctx: ServiceContext,
  automationId: string,
  options: { limit: number; cursor?: string; status?: RunStatus },
) {
  const scope = `${ctx.projectId}:runs:${automationId}`;
  const filters: (SQL | undefined)[] = [
    eq(automationRuns.projectId, ctx.projectId),
    eq(automationRuns.automationId, automationId),
    options.status !== undefined ? eq(automationRuns.status, options.status) : undefined,
    beforeCursor(automationRuns.createdAt, automationRuns.id, decodeCursor(scope, options.cursor)),
  ];
  const rows = await ctx.db
    .select({ run: automationRuns, email: contacts.email })
    .from(automationRuns)
    .leftJoin(
      contacts,
      and(eq(contacts.id, automationRuns.contactId), eq(contacts.projectId, ctx.projectId)),
    )
    .where(and(...filters))
    .orderBy(...newestFirst(automationRuns.createdAt, automationRuns.id))
    .limit(options.limit + 1);
  return toPage(
    rows,
    options.limit,
    scope,
    (row) => row.run,
    (row): RunListItem => ({ ...serializeRun(row.run), contact_email: row.email }),
  );
}

/** Names of the templates the automation's email steps send, for step summaries ("Send “Welcome”"). */
export function templateNamesOfSteps(
  ctx: ServiceContext,
  steps: readonly AutomationStepRecord[],
): Promise<Map<string, string>> {
  const ids = steps.flatMap((s) =>
    s.type === "email" && typeof s.templateId === "string" ? [s.templateId] : [],
  );
  return readableTemplateNames(ctx, ids);
}
