import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";
import { countSegment } from "@/lib/segments/contacts";

type Params = { id: string };

// GET /v1/segments/:id/count — {id, count} of contacts matching now
export const GET = withApiKey<Params>(async ({ ctx, params }) =>
  json(await countSegment(ctx, params.id)),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
