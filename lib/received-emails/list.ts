import { and, eq } from "drizzle-orm";
import { receivedEmails } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
import { attachmentSummaries } from "./attachments";
import { ListReceivedEmailsQuery } from "./schemas";
import { serializeReceivedEmail } from "./serialize";

// GET /v1/received-emails — newest first, keyset-paged
export async function listReceivedEmails(
  ctx: Pick<ServiceContext, "db" | "projectId">,
  query: unknown,
) {
  const { limit, cursor } = parseInput(ListReceivedEmailsQuery, query);
  const scope = `${ctx.projectId}:received-emails`;
  const rows = await ctx.db
    .select()
    .from(receivedEmails)
    .where(
      and(
        eq(receivedEmails.projectId, ctx.projectId),
        beforeCursor(receivedEmails.createdAt, receivedEmails.id, decodeCursor(scope, cursor)),
      ),
    )
    .orderBy(...newestFirst(receivedEmails.createdAt, receivedEmails.id))
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
