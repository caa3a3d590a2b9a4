import { and, eq, sql } from "drizzle-orm";
import { receivedEmails } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
import { attachmentSummaries } from "./attachments";
import { ListReceivedEmailsQuery } from "./schemas";
import { serializeReceivedEmail } from "./serialize";

type ListContext = Pick<ServiceContext, "db" | "projectId">;

/** The project's received emails, newest first from the cursor: one WHERE for both lists. */
function pageFilter(ctx: ListContext, query: unknown) {
  const { limit, cursor } = parseInput(ListReceivedEmailsQuery, query);
  const scope = `${ctx.projectId}:received-emails`;
  const where = and(
    eq(receivedEmails.projectId, ctx.projectId),
    beforeCursor(receivedEmails.createdAt, receivedEmails.id, decodeCursor(scope, cursor)),
  );
  return { limit, scope, where, order: newestFirst(receivedEmails.createdAt, receivedEmails.id) };
}

// GET /v1/received-emails — newest first, keyset-paged
export async function listReceivedEmails(ctx: ListContext, query: unknown) {
  const { limit, scope, where, order } = pageFilter(ctx, query);
  const rows = await ctx.db
    .select()
    .from(receivedEmails)
    .where(where)
    .orderBy(...order)
    .limit(limit + 1);
  const attachments = await attachmentSummaries(
    ctx.db,
    ctx.projectId,
    rows.slice(0, limit).map((r) => r.id),
  );
  return toPage(
    rows,
    limit,
    scope,
    (r) => r,
    (r) => serializeReceivedEmail(r, attachments.get(r.id) ?? []),
  );
}

const SNIPPET_CHARACTERS = 160;

/**
 * The same pages for the dashboard's list, without the bodies (a message may hold megabytes):
 * a short snippet of the text and the number of attachments instead.
 */
export async function listReceivedEmailSummaries(ctx: ListContext, query: unknown) {
  const { limit, scope, where, order } = pageFilter(ctx, query);
  const rows = await ctx.db
    .select({
      id: receivedEmails.id,
      from: receivedEmails.from,
      to: receivedEmails.to,
      subject: receivedEmails.subject,
      snippet: sql<string | null>`left(${receivedEmails.text}, ${SNIPPET_CHARACTERS})`,
      inReplyToEmailId: receivedEmails.inReplyToEmailId,
      createdAt: receivedEmails.createdAt,
    })
    .from(receivedEmails)
    .where(where)
    .orderBy(...order)
    .limit(limit + 1);
  const attachments = await attachmentSummaries(
    ctx.db,
    ctx.projectId,
    rows.slice(0, limit).map((r) => r.id),
  );
  return toPage(
    rows,
    limit,
    scope,
    (r) => r,
    (r) => ({
      ...r,
      snippet: r.snippet?.replace(/\s+/g, " ").trim() ?? "",
      attachments: attachments.get(r.id)?.length ?? 0,
    }),
  );
}
export type ReceivedEmailSummary = Awaited<
  ReturnType<typeof listReceivedEmailSummaries>
>["data"][number];
