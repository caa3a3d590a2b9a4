import { getCampaign, updateCampaign } from "@/lib/campaigns/manage";
import { serializeCampaign } from "@/lib/campaigns/serialize";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";

type Params = { id: string };

// GET /v1/campaigns/:id — with stats once sending
export const GET = withApiKey<Params>(async ({ ctx, params }) => {
  const { campaign, variants } = await getCampaign(ctx, params.id);
  return json(serializeCampaign(campaign, variants));
});

// PATCH /v1/campaigns/:id — drafts only (409 once queued, sending or sent)
export const PATCH = withApiKey<Params>(async ({ request, ctx, params }) => {
  const { campaign, variants } = await updateCampaign(ctx, params.id, await readJsonBody(request));
  return json(serializeCampaign(campaign, variants));
});

export const { POST, PUT, DELETE } = methodsNotAllowed(["GET", "PATCH"]);
