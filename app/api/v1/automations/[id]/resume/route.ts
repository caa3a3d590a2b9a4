import { resumeAutomation } from "@/lib/automations/resume";
import { serializeAutomation } from "@/lib/automations/serialize";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";

type Params = { id: string };

// POST /v1/automations/:id/resume — an automation the circuit breaker paused goes live again (409 otherwise)
export const POST = withApiKey<Params>(async ({ ctx, params }) =>
  json(serializeAutomation(await resumeAutomation(ctx, params.id))),
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
