import { and, eq, type SQL } from "drizzle-orm";
import { automations } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
import { ListAutomationsQuery } from "./schemas";
import { serializeAutomation } from "./serialize";

export async function listAutomations(ctx: ServiceContext, query: unknown) {
  const { limit, cursor, status } = parseInput(ListAutomationsQuery, query);
  const scope = `${ctx.projectId}:automations`;
  const filters: (SQL | undefined)[] = [
    eq(automations.projectId, ctx.projectId),
    status !== undefined ? eq(automations.status, status) : undefined,
    beforeCursor(automations.createdAt, automations.id, decodeCursor(scope, cursor)),
  ];
  const rows = await ctx.db
    .select()
    .from(automations)
    .where(and(...filters))
    .orderBy(...newestFirst(automations.createdAt, automations.id))
    .limit(limit + 1);
  // Not `serializeAutomation` itself: toPage maps with (row, index), and an index is no stats.
  return toPage(
    rows,
    limit,
    scope,
    (r) => r,
    (row) => serializeAutomation(row),
  );
}
