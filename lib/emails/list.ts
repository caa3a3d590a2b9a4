import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import { emailEvents, emails } from "@/db/schema";
import type { ServiceContext } from "../context";
import { NotFoundError } from "../errors";
import { afterCursor, beforeCursor, decodeCursor, PageQuery, toPage } from "../pagination";
import { parseInput } from "../validation";
import { ListEmailsQuery } from "./schemas";
import { serializeEmail, serializeEmailEvent } from "./serialize";

/** GET /v1/emails: newest first, `status` and `type` filters, keyset cursor. */
export async function listEmails(ctx: ServiceContext, query: unknown) {
  const { limit, cursor, status, type } = parseInput(ListEmailsQuery, query);
  const scope = `${ctx.projectId}:emails`;
  const filters: (SQL | undefined)[] = [
    eq(emails.projectId, ctx.projectId),
    status ? eq(emails.status, status) : undefined,
    type ? eq(emails.type, type) : undefined,
    beforeCursor(emails.createdAt, emails.id, decodeCursor(scope, cursor)),
  ];
  const rows = await ctx.db
    .select()
    .from(emails)
    .where(and(...filters))
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(limit + 1);
  return toPage(rows, limit, scope, (r) => r, serializeEmail);
}

export async function getEmail(ctx: ServiceContext, emailId: string) {
  const [email] = await ctx.db
    .select()
    .from(emails)
    .where(and(eq(emails.projectId, ctx.projectId), eq(emails.id, emailId)))
    .limit(1);
  if (!email) throw new NotFoundError("Email");
  return email;
}

/** An email's timeline, oldest first (the order things happened), keyset-paged. */
export async function listEmailEvents(ctx: ServiceContext, emailId: string, query: unknown) {
  const { limit, cursor } = parseInput(PageQuery, query);
  await getEmail(ctx, emailId);
  const scope = `${ctx.projectId}:email-events:${emailId}`;
  const after = decodeCursor(scope, cursor);
  const rows = await ctx.db
    .select()
    .from(emailEvents)
    .where(
      and(
        eq(emailEvents.emailId, emailId),
        afterCursor(emailEvents.createdAt, emailEvents.id, after),
      ),
    )
    .orderBy(asc(emailEvents.createdAt), asc(emailEvents.id))
    .limit(limit + 1);
  return toPage(rows, limit, scope, (r) => r, serializeEmailEvent);
}
