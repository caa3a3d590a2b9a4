import { addDomain } from "@/lib/domains/create";
import { listDomains } from "@/lib/domains/list";
import { serializeDomain } from "@/lib/domains/serialize";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";

// POST /v1/domains — adds a pending domain with a DKIM key pair and the DNS records to publish
export const POST = withApiKey(async ({ request, ctx }) =>
  json(serializeDomain(await addDomain(ctx, await readJsonBody(request)), ctx.config), 201),
);

// GET /v1/domains — newest first, keyset-paged
export const GET = withApiKey(async ({ ctx, query }) => json(await listDomains(ctx, query)));

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
