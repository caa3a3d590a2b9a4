import { and, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { contacts } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";
import { columnsContain } from "@/lib/core/search/contains";
import { parseInput } from "@/lib/core/validation";
import { ContactFilterQuery, ListContactsQuery } from "./schemas";
import { serializeContact } from "./serialize";

type ContactFilters = z.output<typeof ContactFilterQuery>;

/** The list filters (parsed) as SQL over `contacts`, scoped to the project: list, count, export. */
export function contactFilterWhere(ctx: ServiceContext, filters: ContactFilters): SQL[] {
  const { email, subscribed, search } = filters;
  return [
    eq(contacts.projectId, ctx.projectId),
    email !== undefined ? eq(contacts.email, email) : undefined,
    subscribed !== undefined ? eq(contacts.subscribed, subscribed) : undefined,
    search !== undefined ? columnsContain([contacts.email, contacts.name], search) : undefined,
  ].filter((f): f is SQL => f !== undefined);
}

export async function listContacts(ctx: ServiceContext, query: unknown) {
  const { limit, cursor, ...filters } = parseInput(ListContactsQuery, query);
  const scope = `${ctx.projectId}:contacts`;
  const rows = await ctx.db
    .select()
    .from(contacts)
    .where(
      and(
        ...contactFilterWhere(ctx, filters),
        beforeCursor(contacts.createdAt, contacts.id, decodeCursor(scope, cursor)),
      ),
    )
    .orderBy(...newestFirst(contacts.createdAt, contacts.id))
    .limit(limit + 1);
  return toPage(rows, limit, scope, (r) => r, serializeContact);
}
