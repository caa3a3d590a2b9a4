import { and, count, eq, sql } from "drizzle-orm";
import { contacts } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { parseInput } from "@/lib/core/validation";
import { contactFilterWhere } from "./list";
import { ContactFilterValues } from "./schemas";

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

/**
 * How many contacts match the contacts page filters (shown next to the paged table). With a
 * `cap`, counting stops at cap + 1 (a result above `cap` means "more than cap"): a search for a
 * common fragment in a million contacts then costs what its first pages cost.
 */
export async function countContacts(
  ctx: ServiceContext,
  filters: { email?: string; subscribed?: boolean; search?: string },
  cap?: number,
) {
  const where = and(...contactFilterWhere(ctx, parseInput(ContactFilterValues, filters)));
  if (cap === undefined) {
    const [row] = await ctx.db.select({ n: count() }).from(contacts).where(where);
    return row?.n ?? 0;
  }
  const limited = ctx.db
    .select({ one: sql`1` })
    .from(contacts)
    .where(where)
    .limit(cap + 1)
    .as("limited");
  const [row] = await ctx.db.select({ n: count() }).from(limited);
  return row?.n ?? 0;
}
