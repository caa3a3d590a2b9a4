import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { sendEmailBatch } from "@/lib/sending/send-batch";

// POST /v1/send/batch — up to 100 emails, all or nothing; Idempotency-Key aware
export const POST = withApiKey({ permission: "sending" }, async ({ request, ctx }) => {
  const { httpStatus, body } = await sendEmailBatch(ctx, await readJsonBody(request), {
    idempotencyKey: request.headers.get("idempotency-key"),
  });
  return json(body, httpStatus);
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
