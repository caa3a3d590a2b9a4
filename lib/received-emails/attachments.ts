import { and, asc, eq, inArray } from "drizzle-orm";
import { receivedEmailAttachments } from "@/db/schema";
import type { Executor } from "@/db";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import type { AttachmentSummary } from "./serialize";

const summaryColumns = {
  id: receivedEmailAttachments.id,
  receivedEmailId: receivedEmailAttachments.receivedEmailId,
  filename: receivedEmailAttachments.filename,
  contentType: receivedEmailAttachments.contentType,
  size: receivedEmailAttachments.size,
};

/** The attachments (without their bytes) of some received emails of a project, by email id. */
export async function attachmentSummaries(
  db: Executor,
  projectId: string,
  receivedEmailIds: string[],
): Promise<Map<string, AttachmentSummary[]>> {
  const byEmail = new Map<string, AttachmentSummary[]>(receivedEmailIds.map((id) => [id, []]));
  if (receivedEmailIds.length === 0) return byEmail;
  const rows = await db
    .select(summaryColumns)
    .from(receivedEmailAttachments)
    .where(
      and(
        eq(receivedEmailAttachments.projectId, projectId),
        inArray(receivedEmailAttachments.receivedEmailId, receivedEmailIds),
      ),
    )
    .orderBy(asc(receivedEmailAttachments.receivedEmailId), asc(receivedEmailAttachments.position));
  for (const { receivedEmailId, ...summary } of rows) byEmail.get(receivedEmailId)?.push(summary);
  return byEmail;
}

/** GET /v1/received-emails/:id/attachments/:attachmentId — the bytes, as they came in. */
export async function getReceivedAttachment(
  ctx: Pick<ServiceContext, "db" | "projectId">,
  receivedEmailId: string,
  attachmentId: string,
) {
  const [attachment] = await ctx.db
    .select({ ...summaryColumns, bytes: receivedEmailAttachments.bytes })
    .from(receivedEmailAttachments)
    .where(
      and(
        eq(receivedEmailAttachments.projectId, ctx.projectId),
        eq(receivedEmailAttachments.receivedEmailId, receivedEmailId),
        eq(receivedEmailAttachments.id, attachmentId),
      ),
    )
    .limit(1);
  if (!attachment) throw new NotFoundError("Attachment");
  return attachment;
}

/**
 * Headers to hand an attachment out with: always as a download (`attachment`) and never sniffed,
 * so an HTML or SVG file someone mailed in cannot run as a page of this origin.
 */
export function attachmentHeaders(attachment: {
  contentType: string;
  filename: string;
  size: number;
}): Record<string, string> {
  const ascii = attachment.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return {
    "Content-Type": attachment.contentType,
    "Content-Length": String(attachment.size),
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox; default-src 'none'",
    "Cache-Control": "private, no-store",
  };
}
