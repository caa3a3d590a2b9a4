import { listContacts } from "@/lib/contacts/list";
import { serializeContact } from "@/lib/contacts/serialize";
import { upsertContact } from "@/lib/contacts/upsert";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";

// POST /v1/contacts — upsert by email: 201 when created, 200 when updated
export const POST = withApiKey(async ({ request, ctx }) => {
  const { contact, created } = await upsertContact(ctx, await readJsonBody(request));
  return json(serializeContact(contact), created ? 201 : 200);
});

// GET /v1/contacts — newest first, keyset-paged, filters: email, subscribed
export const GET = withApiKey(async ({ ctx, query }) => json(await listContacts(ctx, query)));

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
