import { withDashboardSession } from "@/lib/web/dashboard/route-handler";
import { attachmentHeaders, getReceivedAttachment } from "@/lib/received-emails/attachments";

type Params = { id: string; attachmentId: string };

// GET /received/:id/attachments/:attachmentId — the dashboard's download (session and project, not API key)
export const GET = withDashboardSession<Params>(async ({ params, dashboard: { ctx } }) => {
  const attachment = await getReceivedAttachment(ctx, params.id, params.attachmentId);
  return new Response(Buffer.from(attachment.bytes), { headers: attachmentHeaders(attachment) });
});
