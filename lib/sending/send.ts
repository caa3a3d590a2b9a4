import { z } from "zod";
import { isTransaction, type ServiceContext } from "@/lib/core/context";
import { deliverEmailJob } from "./jobs";
import { parseInput } from "@/lib/core/validation";
import { idempotencyClaim, type StoredSendResponse } from "./idempotency";
import { checkIdempotencyKey, checkSend } from "./send-item";
import { recordSendAlone, SendAlone, sendGroupOf } from "./send-group";
import { SendEmailInput, SendEmailResponse } from "./schemas";

export type SendEmailResult = {
  httpStatus: 200 | 202;
  body: StoredSendResponse & z.infer<typeof SendEmailResponse>;
};

/**
 * POST /v1/send. Validates, renders and records the email with its delivery job in one
 * transaction shared with the process's concurrent sends (send-group.ts), with its
 * Idempotency-Key's claim (so N concurrent requests with one key send once).
 * Delivery itself happens in the worker: `sent` means accepted for the configured provider
 * (Resend's meaning); without a provider the email waits as `queued` (202); with a future
 * `scheduled_at` it waits as `scheduled` (202) until then.
 */
export async function sendEmail(
  ctx: ServiceContext,
  input: unknown,
  options: { idempotencyKey?: string | null } = {},
): Promise<SendEmailResult> {
  const values = parseInput(SendEmailInput, input);
  const claim = idempotencyClaim(
    ctx,
    checkIdempotencyKey(options.idempotencyKey),
    "POST /v1/send",
    values,
  );
  const now = ctx.clock.now();
  const checked = checkSend(ctx, values, now);

  // In a caller's transaction the send is recorded there; otherwise it joins the process's
  // group commit (send-group.ts), but for a key another send of its group has too.
  const send = { ctx, checked, claim };
  const result = isTransaction(ctx.db)
    ? await recordSendAlone(ctx, send)
    : await sendGroupOf(ctx)
        .submit(send)
        .catch((error: unknown) => {
          if (error instanceof SendAlone) return recordSendAlone(ctx, send);
          throw error;
        });
  if (result.body.status === "sent" && !result.body.idempotent) ctx.jobs.notify(deliverEmailJob);
  return result as SendEmailResult;
}
