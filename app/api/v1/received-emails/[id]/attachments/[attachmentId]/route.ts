import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { attachmentHeaders, getReceivedAttachment } from "@/lib/received-emails/attachments";

type Params = { id: string; attachmentId: string };

// GET /v1/received-emails/:id/attachments/:attachmentId — the raw bytes, with their content type
export const GET = withApiKey<Params>(async ({ ctx, params }) => {
  const attachment = await getReceivedAttachment(ctx, params.id, params.attachmentId);
  return new Response(Buffer.from(attachment.bytes), { headers: attachmentHeaders(attachment) });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
