import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";
import { listSegmentContacts } from "@/lib/segments/contacts";

type Params = { id: string };

// GET /v1/segments/:id/contacts — matching contacts, newest first, keyset-paged
export const GET = withApiKey<Params>(async ({ ctx, params, query }) =>
  json(await listSegmentContacts(ctx, params.id, query)),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
