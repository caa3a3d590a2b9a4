import { generateKeyPairSync, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { mapSendgridEvents, SendgridPayload } from "@/lib/providers/sendgrid-events";
import { sendgridKeyCache, verifySendgridSignature } from "@/lib/providers/sendgrid-signature";

const keys = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const publicKey = keys.publicKey.export({ type: "spki", format: "der" }).toString("base64");
const body = '[{"event":"delivered","sg_event_id":"e1"}]';
const timestamp = "1780315200";
const now = new Date(Number(timestamp) * 1000);
const parsed = sendgridKeyCache();

function headers(signature: string | null, ts: string | null = timestamp) {
  const h = new Headers();
  if (signature !== null) h.set("X-Twilio-Email-Event-Webhook-Signature", signature);
  if (ts !== null) h.set("X-Twilio-Email-Event-Webhook-Timestamp", ts);
  return h;
}
const signed = (payload: string, ts = timestamp) =>
  sign("sha256", Buffer.from(ts + payload), keys.privateKey).toString("base64");

describe("SendGrid signatures", () => {
  it("verifies ECDSA P-256 SHA-256 over timestamp + raw body (base64 DER)", () => {
    expect(verifySendgridSignature(parsed, publicKey, headers(signed(body)), body, now)).toEqual({
      ok: true,
    });
  });

  it("refuses a changed body, a changed timestamp, another key and missing headers", () => {
    const signature = signed(body);
    expect(
      verifySendgridSignature(parsed, publicKey, headers(signature), body.replace("e1", "e2"), now)
        .ok,
    ).toBe(false);
    expect(
      verifySendgridSignature(parsed, publicKey, headers(signature, "1780315201"), body, now).ok,
    ).toBe(false);
    const other = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey;
    const foreign = sign("sha256", Buffer.from(timestamp + body), other).toString("base64");
    expect(verifySendgridSignature(parsed, publicKey, headers(foreign), body, now).ok).toBe(false);
    expect(verifySendgridSignature(parsed, publicKey, headers(null), body, now).ok).toBe(false);
    expect(verifySendgridSignature(parsed, publicKey, headers(signature, null), body, now).ok).toBe(
      false,
    );
    expect(
      verifySendgridSignature(parsed, publicKey, headers("not base64 DER"), body, now).ok,
    ).toBe(false);
  });

  it("refuses a correctly signed timestamp more than 5 minutes away, either way", () => {
    const at = (delta: number) => {
      const ts = String(Number(timestamp) + delta);
      return verifySendgridSignature(parsed, publicKey, headers(signed(body, ts), ts), body, now);
    };
    expect(at(-300)).toEqual({ ok: true });
    expect(at(300)).toEqual({ ok: true });
    expect(at(-301)).toEqual({ ok: false, reason: expect.stringContaining("5 minutes") });
    expect(at(301).ok).toBe(false);
    expect(at(-365 * 24 * 60 * 60).ok).toBe(false);
    const soon = verifySendgridSignature(
      parsed,
      publicKey,
      headers(signed(body, "soon"), "soon"),
      body,
      now,
    );
    expect(soon).toEqual({ ok: false, reason: expect.stringContaining("not a Unix timestamp") });
  });
});

const events = (list: Record<string, unknown>[]) =>
  mapSendgridEvents(
    SendgridPayload.parse(
      list.map((e, i) => ({
        email: "a@example.com",
        "smtp-id": "<em_1@mail.test>",
        sg_event_id: `e${i}`,
        ...e,
      })),
    ),
  );

describe("SendGrid event mapping", () => {
  it("maps bounce (hard), blocked (soft), dropped (failed), deferred, spamreport, delivered", () => {
    const reports = events([
      { event: "bounce", type: "bounce", status: "5.1.1", reason: "550 5.1.1 unknown" },
      { event: "bounce", type: "blocked", reason: "554 5.7.1 blocked" },
      { event: "dropped", reason: "Bounced Address" },
      { event: "deferred", response: "421 4.7.0 later", attempt: "2" },
      { event: "spamreport" },
      { event: "delivered", response: "250 OK" },
    ]);
    expect(reports.map((r) => [r.items[0]!.type, r.items[0]!.data.reason])).toEqual([
      ["bounced", "hard_bounce"],
      ["deferred", "soft_bounce"],
      ["failed", "provider_dropped"],
      ["deferred", "delivery_delayed"],
      ["complained", "complaint"],
      ["delivered", undefined],
    ]);
    expect(reports[0]).toMatchObject({
      ref: { messageIds: ["<em_1@mail.test>"] },
      eventId: "e0",
      items: [
        {
          recipient: "a@example.com",
          data: { status: "5.1.1", diagnostic: "550 5.1.1 unknown", provider_event: "bounce" },
        },
      ],
    });
    expect(reports[1]!.items[0]!.data).toMatchObject({ soft_bounce: true, status: "5.7.1" });
    expect(reports[3]!.items[0]!.data).toMatchObject({ status: "4.7.0", attempt: "2" });
  });

  it("leaves out untracked events and events without smtp-id or sg_event_id", () => {
    expect(events([{ event: "open" }, { event: "processed" }, { event: "click" }])).toEqual([]);
    expect(events([{ event: "delivered", "smtp-id": undefined }])).toEqual([]);
    expect(events([{ event: "delivered", sg_event_id: undefined }])).toEqual([]);
    expect(SendgridPayload.safeParse({ event: "delivered" }).success).toBe(false);
  });
});
