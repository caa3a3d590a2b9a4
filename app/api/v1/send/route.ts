import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { sendEmail } from "@/lib/sending/send";

// POST /v1/send — one transactional email (raw HTML or a stored template); Idempotency-Key aware
export const POST = withApiKey({ permission: "sending" }, async ({ request, ctx }) => {
  const { httpStatus, body } = await sendEmail(ctx, await readJsonBody(request), {
    idempotencyKey: request.headers.get("idempotency-key"),
  });
  return json(body, httpStatus);
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
