import { and, desc, eq, type SQL } from "drizzle-orm";
import { contacts } from "@/db/schema";
import type { ServiceContext } from "../context";
import { beforeCursor, decodeCursor, toPage } from "../pagination";
import { parseInput } from "../validation";
import { ListContactsQuery } from "./schemas";
import { serializeContact } from "./serialize";

export async function listContacts(ctx: ServiceContext, query: unknown) {
  const { limit, cursor, email, subscribed } = parseInput(ListContactsQuery, query);
  const scope = `${ctx.projectId}:contacts`;
  const filters: (SQL | undefined)[] = [
    eq(contacts.projectId, ctx.projectId),
    email !== undefined ? eq(contacts.email, email) : undefined,
    subscribed !== undefined ? eq(contacts.subscribed, subscribed) : undefined,
    beforeCursor(contacts.createdAt, contacts.id, decodeCursor(scope, cursor)),
  ];
  const rows = await ctx.db
    .select()
    .from(contacts)
    .where(and(...filters))
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(limit + 1);
  return toPage(rows, limit, scope, (r) => r, serializeContact);
}
