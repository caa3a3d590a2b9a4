import { recordEvent } from "@/lib/events/record";
import { serializeEvent } from "@/lib/events/serialize";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";

// POST /v1/events — record a custom event; enrolls/wakes the contact's automations: 201
export const POST = withApiKey({ permission: "sending" }, async ({ request, ctx }) =>
  json(serializeEvent(await recordEvent(ctx, await readJsonBody(request))), 201),
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
