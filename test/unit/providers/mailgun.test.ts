import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { mapMailgunEvent, MailgunPayload } from "@/lib/providers/mailgun-events";
import {
  claimMailgunToken,
  mailgunTokenCache,
  releaseMailgunToken,
  signMailgun,
  verifyMailgunSignature,
} from "@/lib/providers/mailgun-signature";

const key = "key-3ax6xnjp29jd6fds4gc373sgvjxteol0";
const now = new Date("2026-06-01T12:00:00Z");
const ts = String(now.getTime() / 1000);
const token = "e0b5477167110d68991efc6b9f89f0a11066af27834600e123";

describe("Mailgun signatures", () => {
  it("matches the documented scheme: hex HMAC-SHA256 of timestamp + token", () => {
    const expected = createHmac("sha256", key)
      .update(ts + token)
      .digest("hex");
    expect(signMailgun(key, ts, token)).toBe(expected);
    expect(verifyMailgunSignature(key, { timestamp: ts, token, signature: expected }, now)).toEqual(
      { ok: true },
    );
    expect(
      verifyMailgunSignature(key, { timestamp: ts, token, signature: expected.toUpperCase() }, now)
        .ok,
    ).toBe(true);
  });

  it("refuses another key, another token, a malformed timestamp and a window over 5 minutes", () => {
    const signature = signMailgun(key, ts, token);
    expect(verifyMailgunSignature("key-other", { timestamp: ts, token, signature }, now).ok).toBe(
      false,
    );
    expect(
      verifyMailgunSignature(key, { timestamp: ts, token: token + "x", signature }, now).ok,
    ).toBe(false);
    expect(verifyMailgunSignature(key, { timestamp: "soon", token, signature }, now).ok).toBe(
      false,
    );
    const at = (delta: number) => {
      const t = String(Number(ts) + delta);
      return verifyMailgunSignature(
        key,
        { timestamp: t, token, signature: signMailgun(key, t, token) },
        now,
      );
    };
    expect(at(-299).ok).toBe(true);
    expect(at(299).ok).toBe(true);
    expect(at(-301)).toEqual({ ok: false, reason: expect.stringContaining("5 minutes") });
    expect(at(301).ok).toBe(false);
  });

  it("claims a token once until it is released", () => {
    const tokens = mailgunTokenCache();
    const fresh = `token-${Math.random()}`;
    expect(claimMailgunToken(tokens, fresh, now.getTime())).toBe(true);
    expect(claimMailgunToken(tokens, fresh, now.getTime())).toBe(false);
    releaseMailgunToken(tokens, fresh);
    expect(claimMailgunToken(tokens, fresh, now.getTime())).toBe(true);
  });
});

const data = (fields: Record<string, unknown>) =>
  MailgunPayload.parse({
    "event-data": {
      id: "ev-1",
      recipient: "a@example.com",
      message: { headers: { "message-id": "em_1@mail.test" } },
      ...fields,
    },
  })["event-data"];

describe("Mailgun event mapping", () => {
  it("maps failed by severity, keeping Mailgun's own suppressions apart", () => {
    const status = { code: 550, message: "5.1.1 no such user", "mx-host": "mx.example.com" };
    expect(
      mapMailgunEvent(
        data({
          event: "failed",
          severity: "permanent",
          reason: "bounce",
          "delivery-status": status,
        }),
      ),
    ).toEqual({
      kind: "events",
      messageId: "em_1@mail.test",
      eventId: "ev-1",
      items: [
        {
          type: "bounced",
          recipient: "a@example.com",
          data: {
            reason: "hard_bounce",
            status: "5.1.1",
            smtp_code: 550,
            diagnostic: "5.1.1 no such user",
            remote_mta: "mx.example.com",
            provider_reason: "bounce",
            provider_event: "failed",
          },
        },
      ],
    });
    expect(mapMailgunEvent(data({ event: "failed", severity: "temporary" }))).toMatchObject({
      items: [{ type: "deferred", data: { reason: "soft_bounce", soft_bounce: true } }],
    });
    for (const reason of ["suppress-unsubscribe", "suppress-complaint", "old"]) {
      expect(
        mapMailgunEvent(data({ event: "failed", severity: "permanent", reason })),
      ).toMatchObject({
        items: [{ type: "failed", data: { reason: "provider_dropped", provider_reason: reason } }],
      });
    }
  });

  it("maps complained and delivered; ignores the rest and events without a message-id", () => {
    expect(mapMailgunEvent(data({ event: "complained" }))).toMatchObject({
      items: [{ type: "complained", data: { reason: "complaint" } }],
    });
    expect(mapMailgunEvent(data({ event: "delivered" }))).toMatchObject({
      items: [{ type: "delivered" }],
    });
    expect(mapMailgunEvent(data({ event: "opened" })).kind).toBe("ignored");
    expect(mapMailgunEvent(data({ event: "delivered", message: {} })).kind).toBe("ignored");
  });
});
