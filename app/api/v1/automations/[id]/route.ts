import { deleteAutomation } from "@/lib/automations/delete";
import { getAutomationWithStats } from "@/lib/automations/get";
import { serializeAutomation } from "@/lib/automations/serialize";
import { updateAutomation } from "@/lib/automations/update";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";

type Params = { id: string };

// GET /v1/automations/:id — with live counters: runs by status, per step entered/completed/waiting
export const GET = withApiKey<Params>(async ({ ctx, params }) => {
  const { automation, stats } = await getAutomationWithStats(ctx, params.id);
  return json(serializeAutomation(automation, stats));
});

// PATCH /v1/automations/:id — name, trigger, steps, status; status changes pause/resume runs
export const PATCH = withApiKey<Params>(async ({ request, ctx, params }) =>
  json(serializeAutomation(await updateAutomation(ctx, params.id, await readJsonBody(request)))),
);

// DELETE /v1/automations/:id — its runs are deleted with it
export const DELETE = withApiKey<Params>(async ({ ctx, params }) =>
  json(await deleteAutomation(ctx, params.id)),
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
