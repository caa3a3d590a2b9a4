import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTrackingToken } from "@/lib/tracking/token";
import { startTestApp, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";
import {
  emailRow,
  eventsOf,
  insertSentEmail,
  outgoingWebhooks,
  subscribeToBouncesAndComplaints,
  suppressionOf,
} from "../../support/providers";

// Our own P-256 key pair; the public half in base64 DER (SPKI), as SendGrid shows its key.
const keys = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const PUBLIC_KEY = keys.publicKey.export({ type: "spki", format: "der" }).toString("base64");

let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  app = await startTestApp({ config: { sendgridWebhookPublicKey: PUBLIC_KEY } });
  project = await app.createProject();
  await subscribeToBouncesAndComplaints(app, project);
});
afterAll(() => app?.close());

function post(
  body: unknown,
  options: {
    timestamp?: string;
    privateKey?: KeyObject;
    signature?: string;
    tamper?: (raw: string) => string;
  } = {},
) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const timestamp = options.timestamp ?? String(Math.floor(Date.now() / 1000));
  const signature =
    options.signature ??
    sign("sha256", Buffer.from(timestamp + raw), options.privateKey ?? keys.privateKey).toString(
      "base64",
    );
  return app.api("/providers/sendgrid", {
    method: "POST",
    rawBody: options.tamper ? options.tamper(raw) : raw,
    headers: {
      "content-type": "application/json",
      "x-twilio-email-event-webhook-signature": signature,
      "x-twilio-email-event-webhook-timestamp": timestamp,
    },
  });
}

const event = (
  email: { messageId: string | null; to: string },
  fields: Record<string, unknown>,
) => ({
  email: email.to,
  timestamp: Math.floor(Date.now() / 1000),
  "smtp-id": email.messageId,
  sg_event_id: `sg-${newTrackingToken()}`,
  sg_message_id: "14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0",
  ...fields,
});

describe(`SendGrid webhooks (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("maps a signed batch: bounce, blocked, dropped, deferred, spamreport and delivered", async () => {
    const hard = await insertSentEmail(app, project);
    const blocked = await insertSentEmail(app, project);
    const dropped = await insertSentEmail(app, project);
    const complained = await insertSentEmail(app, project);
    const delivered = await insertSentEmail(app, project);
    const response = await post([
      event(hard, {
        event: "bounce",
        type: "bounce",
        status: "5.1.1",
        reason: "550 5.1.1 user unknown",
        bounce_classification: "Invalid Address",
      }),
      event(blocked, {
        event: "bounce",
        type: "blocked",
        status: "5.7.1",
        reason: "554 5.7.1 blocked by policy",
      }),
      event(dropped, { event: "dropped", reason: "Bounced Address" }),
      event(delivered, { event: "deferred", response: "421 4.7.0 try again later", attempt: "1" }),
      event(delivered, { event: "delivered", response: "250 OK" }),
      event(complained, { event: "spamreport" }),
      event(delivered, { event: "open" }),
    ]);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ ok: true, recorded: 6, ignored: 1 });

    expect((await emailRow(app, hard.id)).status).toBe("bounced");
    expect((await suppressionOf(app, project.id, hard.to))?.reason).toBe("hard_bounce");
    const [bounced] = (await eventsOf(app, hard.id)).filter((e) => e.type === "bounced");
    expect(bounced!.data).toMatchObject({
      provider: "sendgrid",
      status: "5.1.1",
      diagnostic: "550 5.1.1 user unknown",
    });
    expect(
      (await outgoingWebhooks(app, project.id, "email.bounced")).map((h) => h.data.id),
    ).toEqual([hard.id]);

    expect((await emailRow(app, blocked.id)).status).toBe("sent");
    expect(await suppressionOf(app, project.id, blocked.to)).toBeNull();
    expect((await eventsOf(app, blocked.id)).map((e) => [e.type, e.data.soft_bounce])).toEqual([
      ["deferred", true],
    ]);

    expect((await emailRow(app, dropped.id)).status).toBe("failed");
    expect(await suppressionOf(app, project.id, dropped.to)).toBeNull();

    expect((await emailRow(app, complained.id)).status).toBe("complained");
    expect((await suppressionOf(app, project.id, complained.to))?.reason).toBe("complaint");
    expect(
      (await outgoingWebhooks(app, project.id, "email.complained")).map((h) => h.data.id),
    ).toEqual([complained.id]);

    expect((await emailRow(app, delivered.id)).status).toBe("delivered");
    expect((await eventsOf(app, delivered.id)).map((e) => e.type)).toEqual([
      "deferred",
      "delivered",
    ]);
  });

  it("records a retried batch once per sg_event_id", async () => {
    const email = await insertSentEmail(app, project);
    const batch = [event(email, { event: "deferred", response: "421 try later" })];
    expect((await post(batch)).body).toEqual({ ok: true, recorded: 1, ignored: 0 });
    expect((await post(batch)).body).toEqual({ ok: true, recorded: 0, ignored: 1 });
    await Promise.all([post(batch), post(batch)]);
    expect(await eventsOf(app, email.id)).toHaveLength(1);
  });

  it("refuses a tampered body, another key's signature and missing headers with 401", async () => {
    const email = await insertSentEmail(app, project);
    const batch = [event(email, { event: "bounce", type: "bounce" })];
    expectError(
      await post(batch, { tamper: (raw) => raw.replace('"bounce","type"', '"delivered","type"') }),
      401,
      "invalid_signature",
    );
    const other = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey;
    expectError(await post(batch, { privateKey: other }), 401, "invalid_signature");
    expectError(await post(batch, { signature: "bm90IGEgc2lnbmF0dXJl" }), 401, "invalid_signature");
    const unsigned = await app.api("/providers/sendgrid", { method: "POST", body: batch });
    expectError(unsigned, 401, "invalid_signature");
    expect(await eventsOf(app, email.id)).toEqual([]);
    expect((await emailRow(app, email.id)).status).toBe("sent");
  });

  it("refuses a correctly signed batch whose timestamp is a year old (a replay); accepts it signed now", async () => {
    const email = await insertSentEmail(app, project);
    const batch = [event(email, { event: "bounce", type: "bounce", reason: "550 5.1.1" })];
    const yearAgo = String(Math.floor(Date.now() / 1000) - 365 * 24 * 60 * 60);
    const replayed = await post(batch, { timestamp: yearAgo });
    expectError(replayed, 401, "invalid_signature");
    expect(replayed.body.error.message).toContain("more than 5 minutes from now");
    expect(await eventsOf(app, email.id)).toEqual([]);
    expect((await emailRow(app, email.id)).status).toBe("sent");

    const fresh = await post(batch);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ ok: true, recorded: 1, ignored: 0 });
  });

  it("ignores events for unknown emails; 400 on a signed body it cannot read; 503 without a key", async () => {
    const unknown = { messageId: "<em_unknown@mail.test>", to: "x@example.com" };
    expect((await post([event(unknown, { event: "bounce" })])).body).toEqual({
      ok: true,
      recorded: 0,
      ignored: 1,
    });
    expectError(await post({ event: "bounce" }), 400, "invalid_payload");
    expectError(await post("{not json"), 400, "invalid_json");
    app.runtime.config.sendgridWebhookPublicKey = undefined;
    try {
      const response = await post([]);
      expectError(response, 503, "provider_webhook_not_configured");
      expect(response.body.error.message).toContain("SENDGRID_WEBHOOK_PUBLIC_KEY");
    } finally {
      app.runtime.config.sendgridWebhookPublicKey = PUBLIC_KEY;
    }
  });
});
