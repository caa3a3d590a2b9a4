import { sendCampaign } from "@/lib/campaigns/send";
import { serializeCampaign } from "@/lib/campaigns/serialize";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";

type Params = { id: string };

// POST /v1/campaigns/:id/send — 202 {…, queued: true} with a worker; inline otherwise (≤ 200)
export const POST = withApiKey<Params>(async ({ ctx, params }) => {
  const result = await sendCampaign(ctx, params.id);
  const campaign = serializeCampaign(result.campaign, result.variants);
  if (result.mode === "queued") return json({ ...campaign, queued: true }, 202);
  return json({ ...campaign, sent: result.sent, failed: result.failed, queued: result.queued });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
