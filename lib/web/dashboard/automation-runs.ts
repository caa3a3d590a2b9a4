import { and, eq, inArray, or, type SQL } from "drizzle-orm";
import {
  automationRuns,
  contacts,
  templates,
  type AutomationStepRecord,
  type RunStatus,
} from "@/db/schema";
import { serializeRun } from "@/lib/automations/serialize";
import type { ServiceContext } from "@/lib/core/context";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";

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

/**
 * Names of the templates the automation's email steps send, for step summaries ("Send “Welcome”")
 * in one query: the project's own templates and the gallery's, as the builder offers them.
 */
export async function templateNamesOfSteps(
  ctx: ServiceContext,
  steps: readonly AutomationStepRecord[],
): Promise<Map<string, string>> {
  const ids = [
    ...new Set(
      steps.flatMap((s) =>
        s.type === "email" && typeof s.templateId === "string" ? [s.templateId] : [],
      ),
    ),
  ];
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: templates.id, name: templates.name })
    .from(templates)
    .where(
      and(
        inArray(templates.id, ids),
        or(eq(templates.projectId, ctx.projectId), eq(templates.isSystem, true)),
      ),
    );
  return new Map(rows.map((t) => [t.id, t.name]));
}
