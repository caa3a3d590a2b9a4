import { describe, expect, it } from "vitest";
import { signSvix, svixHeadersFrom, verifySvixSignature } from "@/lib/providers/svix";

const secret = `whsec_${Buffer.from("resend-test-signing-secret-32byt").toString("base64")}`;
const body = JSON.stringify({ type: "email.delivered", data: { email_id: "re_1" } });
const now = new Date("2026-06-01T12:00:00Z");
const ts = String(Math.floor(now.getTime() / 1000));

function headers(overrides: Partial<Record<"id" | "timestamp" | "signature", string | null>> = {}) {
  return {
    id: "msg_1",
    timestamp: ts,
    signature: signSvix(secret, "msg_1", ts, body),
    ...overrides,
  };
}

describe("svix signatures", () => {
  it("verifies a correct signature, also among several space-separated entries", () => {
    expect(verifySvixSignature(secret, headers(), body, now)).toEqual({ ok: true });
    const rotated = `v1,${Buffer.alloc(32).toString("base64")} ${signSvix(secret, "msg_1", ts, body)}`;
    expect(verifySvixSignature(secret, headers({ signature: rotated }), body, now).ok).toBe(true);
  });

  it("matches a signature computed independently from the documented scheme", async () => {
    const { createHmac } = await import("node:crypto");
    const key = Buffer.from(secret.slice("whsec_".length), "base64");
    const expected = createHmac("sha256", key).update(`msg_1.${ts}.${body}`).digest("base64");
    expect(
      verifySvixSignature(secret, headers({ signature: `v1,${expected}` }), body, now).ok,
    ).toBe(true);
  });

  it("rejects a wrong secret, a changed body, a changed id and missing headers", () => {
    const other = `whsec_${Buffer.from("another-secret-another-secret-!!").toString("base64")}`;
    expect(verifySvixSignature(other, headers(), body, now).ok).toBe(false);
    expect(verifySvixSignature(secret, headers(), body.replace("re_1", "re_2"), now).ok).toBe(
      false,
    );
    expect(verifySvixSignature(secret, headers({ id: "msg_2" }), body, now).ok).toBe(false);
    expect(verifySvixSignature(secret, headers({ signature: null }), body, now).ok).toBe(false);
    expect(verifySvixSignature(secret, headers({ signature: "v2,abc" }), body, now).ok).toBe(false);
  });

  it("rejects timestamps more than five minutes away, either way", () => {
    const at = (deltaSeconds: number) => {
      const t = String(Number(ts) + deltaSeconds);
      return verifySvixSignature(
        secret,
        headers({ timestamp: t, signature: signSvix(secret, "msg_1", t, body) }),
        body,
        now,
      );
    };
    expect(at(-299).ok).toBe(true);
    expect(at(299).ok).toBe(true);
    expect(at(-301)).toEqual({ ok: false, reason: expect.stringContaining("5 minutes") });
    expect(at(301).ok).toBe(false);
    expect(verifySvixSignature(secret, headers({ timestamp: "soon" }), body, now).ok).toBe(false);
  });

  it("reads svix-* headers or their webhook-* equivalents", () => {
    const h = new Headers({
      "webhook-id": "a",
      "webhook-timestamp": "1",
      "svix-signature": "v1,x",
    });
    expect(svixHeadersFrom(h)).toEqual({ id: "a", timestamp: "1", signature: "v1,x" });
  });
});
