import { and, asc, eq, type SQL } from "drizzle-orm";
import { automationRuns, automationStepRuns } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
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
