import { cancelCampaign } from "@/lib/campaigns/manage";
import { serializeCampaign } from "@/lib/campaigns/serialize";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";

type Params = { id: string };

// POST /v1/campaigns/:id/cancel — a queued or scheduled campaign back to draft (409 otherwise)
export const POST = withApiKey<Params>(async ({ ctx, params }) => {
  const { campaign, variants } = await cancelCampaign(ctx, params.id);
  return json(serializeCampaign(campaign, variants));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
