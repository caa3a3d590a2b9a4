import { and, eq, sql } from "drizzle-orm";
import { emailEvents, emails } from "@/db/schema";
import { EVENT_EMAIL_COLUMNS, recordEmailEvent } from "../emails/events";
import { AppError, BadRequestError } from "../errors";
import type { Runtime } from "../runtime";
import { mapResendEvent } from "./resend-events";
import { svixHeadersFrom, verifySvixSignature } from "./svix";

export type ProviderWebhookRuntime = Pick<Runtime, "db" | "jobs" | "clock"> & {
  config: Pick<Runtime["config"], "resendWebhookSecret">;
};
export type ResendWebhookResult = { ok: true } | { ignored: true };

class WebhookNotConfiguredError extends AppError {
  constructor() {
    super(
      503,
      "provider_webhook_not_configured",
      "Resend webhooks are not accepted: set RESEND_WEBHOOK_SECRET to the signing secret " +
        "(whsec_…) of this endpoint in the Resend dashboard.",
    );
  }
}

class InvalidSignatureError extends AppError {
  constructor(reason: string) {
    super(401, "invalid_signature", `The webhook signature is not valid. ${reason}`);
  }
}

/**
 * POST /api/providers/resend: a Svix-signed Resend event, verified on the raw body before it is
 * parsed, mapped onto our email events (DECISIONS §6). Svix delivers at least once, so a
 * delivery whose svix-id is already in the email's timeline is acknowledged and not recorded
 * again.
 */
export async function handleResendWebhook(
  runtime: ProviderWebhookRuntime,
  request: { headers: Headers; body: string },
): Promise<ResendWebhookResult> {
  const secret = runtime.config.resendWebhookSecret;
  if (!secret) throw new WebhookNotConfiguredError();
  const headers = svixHeadersFrom(request.headers);
  const verdict = verifySvixSignature(secret, headers, request.body, runtime.clock.now());
  if (!verdict.ok) throw new InvalidSignatureError(verdict.reason);
  const svixId = headers.id!;

  let payload: unknown;
  try {
    payload = JSON.parse(request.body);
  } catch {
    throw new BadRequestError("invalid_json", "The request body is not valid JSON.");
  }
  const event = mapResendEvent(payload);
  if (!event) return { ignored: true };

  return runtime.db.transaction(async (tx) => {
    // The row lock serializes concurrent deliveries of one event, so the check below holds.
    const [email] = await tx
      .select(EVENT_EMAIL_COLUMNS)
      .from(emails)
      .where(eq(emails.messageId, event.messageId))
      .limit(1)
      .for("update");
    // Not ours (or deleted): a 2xx so Resend stops retrying.
    if (!email) return { ignored: true } as const;
    // Scanned within the email's own events (email_events_email_created_idx); no index on svix_id.
    const [seen] = await tx
      .select({ id: emailEvents.id })
      .from(emailEvents)
      .where(
        and(eq(emailEvents.emailId, email.id), sql`${emailEvents.data}->>'svix_id' = ${svixId}`),
      )
      .limit(1);
    if (!seen) {
      await recordEmailEvent(tx, runtime.jobs, {
        email,
        type: event.type,
        now: runtime.clock.now(),
        data: { ...event.data, svix_id: svixId },
      });
    }
    return { ok: true } as const;
  });
}
