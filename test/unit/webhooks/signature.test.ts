import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { webhookHeaders } from "@/lib/webhooks/deliver";
import { newWebhookSecret, signWebhookPayload } from "@/lib/webhooks/signature";

describe("webhook signatures", () => {
  const secret = "whsec_0123456789abcdefABCDEF0123456789";
  const body =
    '{"type":"email.delivered","created_at":"2026-06-01T12:00:00.000Z","data":{"to":"é@x.test"}}';

  it("is the lowercase hex HMAC-SHA256 of the raw body keyed with the whole secret as UTF-8", () => {
    const expected = createHmac("sha256", Buffer.from(secret, "utf8"))
      .update(Buffer.from(body, "utf8"))
      .digest("hex");
    expect(signWebhookPayload(secret, body)).toBe(expected);
    expect(signWebhookPayload(secret, body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("matches a known vector and changes with any byte of body or secret", () => {
    // RFC 4231-style sanity: HMAC-SHA256("key", "The quick brown fox jumps over the lazy dog")
    expect(signWebhookPayload("key", "The quick brown fox jumps over the lazy dog")).toBe(
      "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8",
    );
    const reserialized = JSON.stringify(JSON.parse(body), null, 1);
    expect(signWebhookPayload(secret, reserialized)).not.toBe(signWebhookPayload(secret, body));
    expect(signWebhookPayload(`${secret}x`, body)).not.toBe(signWebhookPayload(secret, body));
  });

  it("generates whsec_ secrets with 32 base62 characters, never the same twice", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it("sends the event, signature, delivery id, unix timestamp and user agent", () => {
    const headers = webhookHeaders(
      secret,
      { id: "whd_1", eventType: "email.delivered", payload: body },
      new Date("2026-06-01T12:00:00.900Z"),
    );
    expect(headers).toEqual({
      "Content-Type": "application/json",
      "User-Agent": "Mailwright-Webhooks/1",
      "X-Service-Event": "email.delivered",
      "X-Service-Signature": signWebhookPayload(secret, body),
      "X-Service-Delivery": "whd_1",
      "X-Service-Timestamp": "1780315200",
    });
  });
});
