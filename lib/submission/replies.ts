import { AppError } from "@/lib/core/errors";

export type SmtpReply = { code: number; message: string };

/** Error codes of the outbound pipeline that refuse the message's sender: a policy refusal. */
const SENDER_REFUSALS: readonly string[] = ["domain_not_verified", "no_sender", "invalid_from"];

/**
 * The one mapping from what a submission throws to the reply after DATA (DECISIONS §16):
 * refusals are permanent (5xx, the app must change something); anything unexpected (the
 * database is down) is temporary, so the app's mailer queues the message and tries again.
 */
export function replyForSubmissionError(error: unknown): SmtpReply {
  if (!(error instanceof AppError)) {
    return { code: 451, message: "4.3.0 Temporary failure, please try again later" };
  }
  if (SENDER_REFUSALS.includes(error.code)) return { code: 550, message: `5.7.1 ${error.message}` };
  if (error.code === "recipient_suppressed") {
    return { code: 550, message: `5.1.1 ${error.message}` };
  }
  if (error.code === "message_too_big") return { code: 552, message: `5.3.4 ${error.message}` };
  if (error.code === "idempotency_key_reused") {
    return { code: 550, message: `5.7.0 ${error.message}` };
  }
  return { code: 550, message: `5.6.0 ${error.message}` };
}

/** The reply to an accepted message: every email id, so the app's log can name them. */
export function acceptedReply(emailIds: string[], idempotent: boolean): string {
  const ids = emailIds.join(" ");
  return idempotent ? `2.0.0 Already accepted as ${ids}` : `2.0.0 Queued as ${ids}`;
}
