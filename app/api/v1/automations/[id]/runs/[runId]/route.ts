import { getRun } from "@/lib/automations/run-list";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";

type Params = { id: string; runId: string };

// GET /v1/automations/:id/runs/:runId — the run and its step history
export const GET = withApiKey<Params>(async ({ ctx, params }) =>
  json(await getRun(ctx, params.id, params.runId)),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
