import { submittedMessages } from "@/db/schema";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { newId } from "@/lib/core/ids";
import { ValidationError } from "@/lib/core/errors";
import {
  claimIdempotencyKey,
  idempotencyClaim,
  storeIdempotentResponse,
} from "../sending/idempotency";
import { deliverEmailJob } from "../sending/jobs";
import { OutboundBatch, RecipientSuppressedError } from "../sending/outbound";
import { checkIdempotencyKey } from "../sending/send-item";
import { readSubmittedMessage, SUBMISSION_MAX_CONTENT_BYTES } from "./message";

export type SubmissionResult = { emailIds: string[]; idempotent: boolean };

/** What an Idempotency-Key's stored response holds for a submission. */
type StoredSubmission = { email_ids: string[] };

/** The route name an Idempotency-Key claim is scoped to: never answers a POST /v1/send. */
const SUBMISSION_ROUTE = "SMTP submission";

/**
 * One message handed to the submission relay (DECISIONS §16): each envelope recipient becomes a
 * transactional email through the one outbound pipeline (verified sender, suppression, test
 * mode; DKIM, VERP and tracking at delivery), all in one transaction with their delivery jobs
 * and the stored message, so a crash records all of them or none. The message's
 * Idempotency-Key header works as on POST /v1/send: a resubmission answers the same emails.
 */
export async function submitMessage(
  ctx: ServiceContext,
  submission: { raw: Buffer; recipients: string[] },
): Promise<SubmissionResult> {
  const now = ctx.clock.now();
  const { content, stored } = await readSubmittedMessage(submission.raw, now);
  if (content.contentBytes > SUBMISSION_MAX_CONTENT_BYTES) {
    throw new ValidationError(
      "The message carries more than 10 MiB (text, HTML and attachments, decoded).",
      [{ path: "DATA", message: "carries more than 10 MiB" }],
      "message_too_big",
    );
  }
  // PostgreSQL text refuses U+0000 (the API refuses it with a 422): without this check the
  // insert fails and the app is told to retry for ever.
  if ([content.subject, content.html, content.text].some((value) => value?.includes("\u0000"))) {
    throw new ValidationError(
      "The message's subject, text or HTML contains a NUL character (U+0000).",
      [{ path: "DATA", message: "contains a NUL character" }],
      "invalid_content",
    );
  }
  const from = content.from;
  if (!from) {
    throw new ValidationError(
      "The message needs a From header with an email address.",
      [{ path: "From", message: "is missing or not an email address" }],
      "invalid_from",
    );
  }
  const recipients = [...new Set(submission.recipients.map((r) => r.toLowerCase()))];
  const claim = idempotencyClaim(
    ctx,
    checkIdempotencyKey(content.idempotencyKey),
    SUBMISSION_ROUTE,
    { recipients: [...recipients].sort(), message: content.fingerprint },
  );

  const result = await withTransaction(ctx.db, async (tx) => {
    if (claim) {
      const claimed = await claimIdempotencyKey<StoredSubmission>(tx, claim, now);
      if (!claimed.claimed) return { emailIds: claimed.response.email_ids, idempotent: true };
    }
    const batch = new OutboundBatch(tx, ctx, now);
    const sender = await batch.sender(ctx.projectId, from, "From");
    const submissionId = newId("sm", now.getTime());
    await tx.insert(submittedMessages).values({
      id: submissionId,
      projectId: ctx.projectId,
      raw: stored,
      size: stored.length,
      createdAt: now,
    });
    const emailIds: string[] = [];
    for (const address of recipients) {
      const sent = await batch.add({
        projectId: ctx.projectId,
        type: "transactional",
        mode: ctx.keyMode,
        sender,
        to: { address, name: null },
        content: { subject: content.subject, html: content.html, text: content.text },
        submissionId,
      });
      if (sent.status !== "suppressed") emailIds.push(sent.id);
    }
    // Recipients are checked at RCPT; one suppressed since then is skipped, all of them refused.
    if (emailIds.length === 0) throw new RecipientSuppressedError(recipients[0] ?? "");
    await batch.flush();
    if (claim) await storeIdempotentResponse(tx, claim, { email_ids: emailIds }, 250);
    return { emailIds, idempotent: false };
  });
  if (!result.idempotent) ctx.jobs.notify(deliverEmailJob);
  return result;
}
