import { z } from "zod";
import { isTransaction, withTransaction, type ServiceContext } from "@/lib/core/context";
import { deliverEmailJob } from "./jobs";
import { parseInput } from "@/lib/core/validation";
import {
  claimIdempotencyKey,
  idempotencyClaim,
  storeIdempotentResponse,
  type IdempotencyClaim,
  type StoredSendResponse,
} from "./idempotency";
import { OutboundBatch } from "./outbound";
import { checkIdempotencyKey, checkSend, recordSend, type CheckedSend } from "./send-item";
import { SendAlone, sendGroupOf, statusOf, type RecordedSend } from "./send-group";
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
  const result = isTransaction(ctx.db)
    ? await sendOnce(ctx, checked, claim, now)
    : await sendGroupOf(ctx)
        .submit({ ctx, checked, claim })
        .catch((error: unknown) => {
          if (error instanceof SendAlone) return sendOnce(ctx, checked, claim, now);
          throw error;
        });
  if (result.body.status === "sent" && !result.body.idempotent) ctx.jobs.notify(deliverEmailJob);
  return result as SendEmailResult;
}

/** One send in its own transaction, with its Idempotency-Key's claim when it has one. */
function sendOnce(
  ctx: ServiceContext,
  checked: CheckedSend,
  claim: IdempotencyClaim | undefined,
  now: Date,
): Promise<RecordedSend> {
  return withTransaction(ctx.db, async (tx) => {
    if (claim) {
      const claimed = await claimIdempotencyKey(tx, claim, now);
      if (!claimed.claimed)
        return {
          httpStatus: 200 as const,
          body: { ...claimed.response, idempotent: true as const },
        };
    }
    const batch = new OutboundBatch(tx, ctx, now);
    const body = await recordSend(batch, ctx, checked);
    await batch.flush();
    const httpStatus = statusOf(body);
    if (claim) await storeIdempotentResponse(tx, claim, body, httpStatus);
    return { httpStatus, body };
  });
}
