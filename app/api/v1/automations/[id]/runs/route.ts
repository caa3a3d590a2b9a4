import { listRuns } from "@/lib/automations/run-list";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";

type Params = { id: string };

// GET /v1/automations/:id/runs — the automation's runs, newest first, filter: status
export const GET = withApiKey<Params>(async ({ ctx, params, query }) =>
  json(await listRuns(ctx, params.id, query)),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
