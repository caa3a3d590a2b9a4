import { serializeDomain } from "@/lib/domains/serialize";
import { verifyDomain } from "@/lib/domains/verify";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";

type Params = { id: string };

// POST /v1/domains/:id/verify — DNS lookups now; returns the domain with each record's status
export const POST = withApiKey<Params>(async ({ ctx, params }) => {
  const { domain, statuses } = await verifyDomain(ctx, params.id);
  return json(serializeDomain(domain, ctx.config, statuses));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
