import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signMailgun } from "@/lib/providers/mailgun-signature";
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
  expectHardBounceRecorded,
} from "../../support/providers";

const SIGNING_KEY = "key-" + randomBytes(16).toString("hex");

let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  // A fake clock proves the timestamp window follows the runtime clock, not the wall clock.
  app = await startTestApp({ clock: "fake", config: { mailgunWebhookSigningKey: SIGNING_KEY } });
  project = await app.createProject();
  await subscribeToBouncesAndComplaints(app, project);
});
afterAll(() => app?.close());

type Signature = { timestamp: string; token: string; signature: string };

function signature(options: { timestamp?: number; token?: string; key?: string } = {}): Signature {
  const timestamp = String(options.timestamp ?? Math.floor(app.clock.now().getTime() / 1000));
  const token = options.token ?? randomBytes(25).toString("hex");
  return { timestamp, token, signature: signMailgun(options.key ?? SIGNING_KEY, timestamp, token) };
}

const post = (body: unknown) =>
  app.api("/providers/mailgun", {
    method: "POST",
    rawBody: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });

/** Mailgun writes the message-id header without angle brackets. */
function eventData(
  email: { messageId: string | null; to: string },
  fields: Record<string, unknown>,
) {
  return {
    id: `mg-${newTrackingToken()}`,
    timestamp: app.clock.now().getTime() / 1000,
    recipient: email.to,
    message: { headers: { "message-id": email.messageId!.slice(1, -1), to: email.to } },
    ...fields,
  };
}

const permanentFailure = {
  event: "failed",
  severity: "permanent",
  reason: "bounce",
  "delivery-status": {
    code: 550,
    message: "5.1.1 The email account that you tried to reach does not exist.",
    "mx-host": "gmail-smtp-in.l.google.com",
  },
};

describe(`Mailgun webhooks (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("a permanent failure bounces the email, suppresses the address and fires email.bounced", async () => {
    const email = await insertSentEmail(app, project);
    const response = await post({
      signature: signature(),
      "event-data": eventData(email, permanentFailure),
    });
    const bounced = await expectHardBounceRecorded(app, project.id, email, response);
    expect(bounced).toMatchObject({
      reason: "hard_bounce",
      provider: "mailgun",
      status: "5.1.1",
      smtp_code: 550,
      remote_mta: "gmail-smtp-in.l.google.com",
    });
    expect(
      (await outgoingWebhooks(app, project.id, "email.bounced")).map((h) => h.data.id),
    ).toContain(email.id);
  });

  it("maps temporary failures, complaints and deliveries", async () => {
    const soft = await insertSentEmail(app, project);
    await post({
      signature: signature(),
      "event-data": eventData(soft, {
        ...permanentFailure,
        severity: "temporary",
        "delivery-status": { code: 452, message: "4.2.2 mailbox full" },
      }),
    });
    expect((await emailRow(app, soft.id)).status).toBe("sent");
    expect(await suppressionOf(app, project.id, soft.to)).toBeNull();
    expect(
      (await eventsOf(app, soft.id)).map((e) => [e.type, e.data.soft_bounce, e.data.status]),
    ).toEqual([["deferred", true, "4.2.2"]]);

    const complained = await insertSentEmail(app, project);
    await post({
      signature: signature(),
      "event-data": eventData(complained, { event: "complained" }),
    });
    expect((await emailRow(app, complained.id)).status).toBe("complained");
    expect((await suppressionOf(app, project.id, complained.to))?.reason).toBe("complaint");
    expect(
      (await outgoingWebhooks(app, project.id, "email.complained")).map((h) => h.data.id),
    ).toContain(complained.id);

    const delivered = await insertSentEmail(app, project);
    await post({
      signature: signature(),
      "event-data": eventData(delivered, {
        event: "delivered",
        "delivery-status": { code: 250, message: "OK" },
      }),
    });
    expect((await emailRow(app, delivered.id)).status).toBe("delivered");
  });

  it("refuses a replayed token with 406, and records an event re-sent under a new token once", async () => {
    const email = await insertSentEmail(app, project);
    const data = eventData(email, { ...permanentFailure, severity: "temporary" });
    const first = { signature: signature(), "event-data": data };
    expect((await post(first)).body).toEqual({ ok: true });
    expectError(await post(first), 406, "replayed_webhook");
    // Mailgun's retry of the same event (same id) with a fresh signature.
    expect((await post({ signature: signature(), "event-data": data })).body).toEqual({ ok: true });
    expect(await eventsOf(app, email.id)).toHaveLength(1);
  });

  it("refuses a wrong key, a tampered signature and a stale timestamp with 401, recording nothing", async () => {
    const email = await insertSentEmail(app, project);
    const data = eventData(email, permanentFailure);
    expectError(
      await post({ signature: signature({ key: "key-other" }), "event-data": data }),
      401,
      "invalid_signature",
    );
    const tampered = { ...signature(), token: "f".repeat(50) };
    expectError(await post({ signature: tampered, "event-data": data }), 401, "invalid_signature");
    const stale = Math.floor(app.clock.now().getTime() / 1000) - 6 * 60;
    expectError(
      await post({ signature: signature({ timestamp: stale }), "event-data": data }),
      401,
      "invalid_signature",
    );
    expectError(await post({ "event-data": data }), 401, "invalid_signature");
    expect(await eventsOf(app, email.id)).toEqual([]);
    expect(await suppressionOf(app, project.id, email.to)).toBeNull();
  });

  it("acknowledges unknown emails and untracked events; 400 on a signed body it cannot read", async () => {
    const unknown = { messageId: "<em_unknown@mail.test>", to: "x@example.com" };
    expect(
      (await post({ signature: signature(), "event-data": eventData(unknown, permanentFailure) }))
        .body,
    ).toEqual({ ignored: true });
    expect(
      (
        await post({
          signature: signature(),
          "event-data": eventData(unknown, { event: "opened" }),
        })
      ).body,
    ).toEqual({ ignored: true });
    expectError(
      await post({ signature: signature(), "event-data": { event: "failed" } }),
      400,
      "invalid_payload",
    );
    expectError(await post("{not json"), 400, "invalid_json");
  });

  it("answers 503 without a signing key", async () => {
    app.runtime.config.mailgunWebhookSigningKey = undefined;
    try {
      const response = await post({ signature: signature(), "event-data": {} });
      expectError(response, 503, "provider_webhook_not_configured");
      expect(response.body.error.message).toContain("MAILGUN_WEBHOOK_SIGNING_KEY");
    } finally {
      app.runtime.config.mailgunWebhookSigningKey = SIGNING_KEY;
    }
  });
});
