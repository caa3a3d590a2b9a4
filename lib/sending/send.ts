import { z } from "zod";
import { withTransaction, type ServiceContext } from "../context";
import { ForbiddenError, ValidationError } from "../errors";
import { JOBS } from "../jobs/names";
import { parseInput } from "../validation";
import {
  asList,
  domainOf,
  formatMailbox,
  isReservedTestDomain,
  parseMailbox,
  type Mailbox,
} from "./addresses";
import {
  claimIdempotencyKey,
  storeIdempotentResponse,
  type StoredSendResponse,
} from "./idempotency";
import { sendContent } from "./content";
import { OutboundBatch } from "./outbound";
import { MAX_IDEMPOTENCY_KEY_LENGTH, SendEmailInput } from "./schemas";

/** POST /v1/send's answer (DECISIONS §4); `idempotent` only on an Idempotency-Key replay. */
export const SendEmailResponse = z.strictObject({
  id: z.string().meta({ example: "em_7hGk2PqW9xLc4TnZ" }),
  status: z.string().meta({ example: "queued" }),
  messageId: z.string().nullable(),
  idempotent: z.literal(true).optional(),
});

export type SendEmailResult = {
  httpStatus: 200 | 202;
  body: StoredSendResponse & z.infer<typeof SendEmailResponse>;
};

/**
 * POST /v1/send. Validates, renders and records the email with its delivery job in one
 * transaction (with the Idempotency-Key claim, so N concurrent requests with one key send once).
 * Delivery itself happens in the worker: `sent` means accepted for the configured provider
 * (Resend's meaning); without a provider the email waits as `queued` (202).
 */
export async function sendEmail(
  ctx: ServiceContext,
  input: unknown,
  options: { idempotencyKey?: string | null } = {},
): Promise<SendEmailResult> {
  const values = parseInput(SendEmailInput, input);
  const idempotencyKey = options.idempotencyKey ?? undefined;
  if (
    idempotencyKey !== undefined &&
    (idempotencyKey.length === 0 || idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH)
  ) {
    throw new ValidationError("Idempotency-Key must be 1 to 256 characters.", [
      { path: "Idempotency-Key", message: "must be 1 to 256 characters" },
    ]);
  }
  const from = requireMailbox(values.from, "from");
  const to = requireMailbox(values.to, "to");
  const cc = validAddresses(values.cc);
  const bcc = validAddresses(values.bcc);
  const replyTo = asList(values.reply_to).map((v, i) =>
    formatMailbox(requireMailbox(v, `reply_to.${i}`)),
  );
  if (ctx.keyMode === "test") assertTestRecipients([to.address, ...cc, ...bcc]);

  const now = ctx.clock.now();
  const result = await withTransaction(ctx.db, async (tx) => {
    if (idempotencyKey) {
      const claim = await claimIdempotencyKey(tx, ctx.projectId, idempotencyKey, now);
      if (!claim.claimed)
        return { httpStatus: 200 as const, body: { ...claim.response, idempotent: true as const } };
    }
    const batch = new OutboundBatch(tx, ctx, now);
    // Both reads go out together (postgres.js pipelines them on the transaction's connection);
    // both settle before an error leaves the transaction.
    const [checked, loaded] = await Promise.allSettled([
      batch.sender(ctx.projectId, from),
      batch.loadSuppressions(ctx.projectId, [to.address, ...cc, ...bcc]),
    ]);
    if (checked.status === "rejected") throw checked.reason;
    if (loaded.status === "rejected") throw loaded.reason;
    const sender = checked.value;
    const sent = await batch.add({
      projectId: ctx.projectId,
      type: "transactional",
      mode: ctx.keyMode,
      sender,
      to,
      cc,
      bcc,
      replyTo,
      attachments: (values.attachments ?? []).map((a) => ({
        filename: a.filename,
        content: a.content.replace(/\s+/g, ""),
        contentType: a.content_type,
      })),
      content: await sendContent(batch, ctx.projectId, values),
    });
    if (sent.status === "suppressed") {
      throw new ValidationError(
        `${to.address} is on the suppression list.`,
        [{ path: "to", message: "is suppressed (bounce, complaint, unsubscribe or manual)" }],
        "recipient_suppressed",
      );
    }
    await batch.flush();
    const body = { id: sent.id, status: sent.status, messageId: sent.messageId };
    const httpStatus = sent.status === "sent" ? (200 as const) : (202 as const);
    if (idempotencyKey)
      await storeIdempotentResponse(tx, ctx.projectId, idempotencyKey, body, httpStatus);
    return { httpStatus, body };
  });
  if (result.body.status === "sent" && !("idempotent" in result.body))
    ctx.jobs.notify(JOBS.deliverEmail);
  return result;
}

function requireMailbox(value: string, path: string): Mailbox {
  const mailbox = parseMailbox(value);
  if (!mailbox) {
    throw new ValidationError(`${path}: must be an email address or "Name <address>"`, [
      { path, message: 'must be an email address or "Name <address>" (no line breaks)' },
    ]);
  }
  return mailbox;
}

/** cc/bcc: invalid addresses are dropped, the rest kept (SPEC), duplicates removed. */
function validAddresses(value: string | string[] | undefined): string[] {
  const addresses = asList(value)
    .map(parseMailbox)
    .filter((m): m is Mailbox => m !== null)
    .map((m) => m.address);
  return [...new Set(addresses)];
}

function assertTestRecipients(addresses: string[]) {
  const real = addresses.find((a) => !isReservedTestDomain(domainOf(a)));
  if (real) {
    throw new ForbiddenError(
      `Test keys can only send to reserved test domains (example.com, *.test, …), not ${real}. Use a live key.`,
      "test_key_real_recipient",
    );
  }
}
