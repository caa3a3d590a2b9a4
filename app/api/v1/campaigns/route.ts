import { createCampaign, listCampaigns } from "@/lib/campaigns/manage";
import { serializeCampaign } from "@/lib/campaigns/serialize";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";

// POST /v1/campaigns — a draft; from_email on a verified domain; up to 3 alternate subjects: 201
export const POST = withApiKey(async ({ request, ctx }) => {
  const { campaign, variants } = await createCampaign(ctx, await readJsonBody(request));
  return json(serializeCampaign(campaign, variants), 201);
});

// GET /v1/campaigns — newest first, keyset-paged, filter: status
export const GET = withApiKey(async ({ ctx, query }) => json(await listCampaigns(ctx, query)));

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
