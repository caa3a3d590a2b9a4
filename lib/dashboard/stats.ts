import { and, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import { apiKeys, contacts } from "@/db/schema";
import type { ServiceContext } from "../context";

/** Audience totals for the overview, in one scan of the project's contacts. */
export async function contactTotals(ctx: ServiceContext) {
  const [row] = await ctx.db
    .select({
      total: count(),
      subscribed: sql<number>`count(*) filter (where ${contacts.subscribed})`.mapWith(Number),
    })
    .from(contacts)
    .where(eq(contacts.projectId, ctx.projectId));
  const total = row?.total ?? 0;
  const subscribed = row?.subscribed ?? 0;
  return { total, subscribed, unsubscribed: total - subscribed };
}

/** How many contacts match the contacts page filters (shown next to the paged table). */
export async function countContacts(
  ctx: ServiceContext,
  filters: { email?: string; subscribed?: boolean },
) {
  const conditions: (SQL | undefined)[] = [
    eq(contacts.projectId, ctx.projectId),
    filters.email !== undefined
      ? eq(contacts.email, filters.email.trim().toLowerCase())
      : undefined,
    filters.subscribed !== undefined ? eq(contacts.subscribed, filters.subscribed) : undefined,
  ];
  const [row] = await ctx.db
    .select({ n: count() })
    .from(contacts)
    .where(and(...conditions));
  return row?.n ?? 0;
}

/** Active keys and whether any of them has made a request yet (getting-started checklist). */
export async function apiKeyUsage(ctx: ServiceContext) {
  const [row] = await ctx.db
    .select({
      active: count(),
      used: sql<number>`count(${apiKeys.lastUsedAt})`.mapWith(Number),
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.projectId, ctx.projectId), isNull(apiKeys.revokedAt)));
  return { active: row?.active ?? 0, used: row?.used ?? 0 };
}
