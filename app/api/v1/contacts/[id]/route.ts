import { deleteContact } from "@/lib/contacts/delete";
import { getContact } from "@/lib/contacts/get";
import { serializeContact } from "@/lib/contacts/serialize";
import { updateContact } from "@/lib/contacts/update";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";

type Params = { id: string };

// GET /v1/contacts/:id
export const GET = withApiKey<Params>(async ({ ctx, params }) =>
  json(serializeContact(await getContact(ctx, params.id))),
);

// PATCH /v1/contacts/:id — only the fields sent change; email is immutable (422)
export const PATCH = withApiKey<Params>(async ({ request, ctx, params }) =>
  json(serializeContact(await updateContact(ctx, params.id, await readJsonBody(request)))),
);

// DELETE /v1/contacts/:id — its automation runs exit
export const DELETE = withApiKey<Params>(async ({ ctx, params }) =>
  json(await deleteContact(ctx, params.id)),
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
