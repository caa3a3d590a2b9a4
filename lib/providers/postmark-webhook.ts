import { createHash, timingSafeEqual } from "node:crypto";
import type { Runtime } from "@/lib/core/runtime";
import {
  InvalidSignatureError,
  parseJsonBody,
  parseProviderPayload,
  WebhookNotConfiguredError,
} from "./errors";
import { mapPostmarkEvent, PostmarkPayload } from "./postmark-events";
import { recordProviderReport, type ProviderRecordRuntime } from "./record";

export type PostmarkWebhookRuntime = ProviderRecordRuntime & {
  config: Pick<Runtime["config"], "postmarkWebhookUser" | "postmarkWebhookPassword">;
};
export type PostmarkWebhookResult = { ok: true } | { ignored: true };

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * Whether an Authorization header carries these Basic credentials. Both sides are hashed first so
 * the comparison takes the same time whatever the lengths and wherever they differ.
 */
export function basicAuthMatches(header: string | null, user: string, password: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  const given = match ? Buffer.from(match[1]!, "base64").toString("utf8") : "";
  return timingSafeEqual(digest(given), digest(`${user}:${password}`));
}

/**
 * POST /api/providers/postmark. Postmark does not sign webhooks; it documents HTTP Basic
 * credentials in the webhook URL (`https://user:password@host/…`), which it sends as an
 * Authorization header. Events are found by our email id in Metadata and recorded once per
 * Postmark record (ID and RecordType).
 */
export async function handlePostmarkWebhook(
  runtime: PostmarkWebhookRuntime,
  request: { headers: Headers; body: string },
): Promise<PostmarkWebhookResult> {
  const { postmarkWebhookUser: user, postmarkWebhookPassword: password } = runtime.config;
  if (!user || !password) {
    throw new WebhookNotConfiguredError(
      "Postmark",
      "set POSTMARK_WEBHOOK_USER and POSTMARK_WEBHOOK_PASSWORD to the credentials in the webhook URL.",
    );
  }
  if (!basicAuthMatches(request.headers.get("authorization"), user, password)) {
    throw new InvalidSignatureError(
      "Postmark webhooks must carry the Basic credentials set in POSTMARK_WEBHOOK_USER and " +
        "POSTMARK_WEBHOOK_PASSWORD.",
      { "WWW-Authenticate": 'Basic realm="mailwright-postmark"' },
    );
  }
  const payload = parseProviderPayload(PostmarkPayload, parseJsonBody(request.body));
  const mapping = mapPostmarkEvent(payload);
  // No metadata: sent before the header existed, or not by us.
  if (mapping.kind === "ignored" || !mapping.emailId) return { ignored: true };
  const outcome = await recordProviderReport(runtime, "postmark", {
    ref: { emailId: mapping.emailId },
    eventId: mapping.eventId,
    items: mapping.items,
  });
  return outcome === "unknown_email" ? { ignored: true } : { ok: true };
}
