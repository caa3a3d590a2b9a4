import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { deliverEmailJob } from "./jobs";
import { parseInput } from "@/lib/core/validation";
import {
  claimIdempotencyKey,
  idempotencyClaim,
  storeIdempotentResponse,
  type StoredSendResponse,
} from "./idempotency";
import { OutboundBatch } from "./outbound";
import { checkIdempotencyKey, checkSend, recordSend } from "./send-item";
import { SendEmailBatchInput } from "./schemas";

export type SendEmailBatchResult = {
  httpStatus: 200 | 202;
  body: { data: StoredSendResponse[]; idempotent?: true };
};

/**
 * Batch keys live beside /v1/send's in one table; the prefix keeps a key reused across the two
 * endpoints from replaying the other's answer.
 */
const BATCH_KEY_PREFIX = "batch:";

/**
 * POST /v1/send/batch: up to 100 emails, all or nothing (as Resend). Every item is validated
 * (shape, addresses, schedule, then sender, template and suppression in the transaction) before
 * the batch commits; the first invalid item fails the request with 422 and a path naming its
 * index (`2.to`), and nothing is recorded. One OutboundBatch, one transaction, one
 * Idempotency-Key claim for the whole batch.
 */
export async function sendEmailBatch(
  ctx: ServiceContext,
  input: unknown,
  options: { idempotencyKey?: string | null } = {},
): Promise<SendEmailBatchResult> {
  const items = parseInput(SendEmailBatchInput, input);
  const idempotencyKey = checkIdempotencyKey(options.idempotencyKey);
  const claim = idempotencyClaim(
    ctx,
    idempotencyKey && `${BATCH_KEY_PREFIX}${idempotencyKey}`,
    "POST /v1/send/batch",
    items,
  );
  const now = ctx.clock.now();
  const checked = items.map((values, i) => checkSend(ctx, values, now, `${i}.`));

  const result = await withTransaction(ctx.db, async (tx) => {
    if (claim) {
      const claimed = await claimIdempotencyKey<SendEmailBatchResult["body"]>(tx, claim, now);
      if (!claimed.claimed)
        return {
          httpStatus: 200 as const,
          body: { ...claimed.response, idempotent: true as const },
        };
    }
    const batch = new OutboundBatch(tx, ctx, now);
    // In order, so the error a caller sees is the first bad item's.
    const data: StoredSendResponse[] = [];
    for (const item of checked) data.push(await recordSend(batch, ctx, item));
    await batch.flush();
    const httpStatus = data.every((d) => d.status === "sent") ? (200 as const) : (202 as const);
    const body = { data };
    if (claim) await storeIdempotentResponse(tx, claim, body, httpStatus);
    return { httpStatus, body };
  });
  if (!("idempotent" in result.body) && result.body.data.some((d) => d.status === "sent"))
    ctx.jobs.notify(deliverEmailJob);
  return result;
}
