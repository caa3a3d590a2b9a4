import { and, eq } from "drizzle-orm";
import { receivedEmails } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { attachmentSummaries } from "./attachments";

/** GET /v1/received-emails/:id — the message and its attachments (without their bytes). */
export async function getReceivedEmail(ctx: Pick<ServiceContext, "db" | "projectId">, id: string) {
  const [email] = await ctx.db
    .select()
    .from(receivedEmails)
    .where(and(eq(receivedEmails.projectId, ctx.projectId), eq(receivedEmails.id, id)))
    .limit(1);
  if (!email) throw new NotFoundError("Received email");
  const attachments = (await attachmentSummaries(ctx.db, ctx.projectId, [id])).get(id) ?? [];
  return { email, attachments };
}
