import { resumeCampaign } from "@/lib/campaigns/resume";
import { serializeCampaign } from "@/lib/campaigns/serialize";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";

type Params = { id: string };

// POST /v1/campaigns/:id/resume — a campaign the circuit breaker paused sends again (409 otherwise)
export const POST = withApiKey<Params>(async ({ ctx, params }) => {
  const { campaign, variants } = await resumeCampaign(ctx, params.id);
  return json(serializeCampaign(campaign, variants));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
