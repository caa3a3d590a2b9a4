import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const USER = "postmark";
const PASSWORD = "correct-horse-battery-staple";

let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  app = await startTestApp({
    config: { postmarkWebhookUser: USER, postmarkWebhookPassword: PASSWORD },
  });
  project = await app.createProject();
  await subscribeToBouncesAndComplaints(app, project);
});
afterAll(() => app?.close());

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

function post(payload: unknown, authorization: string | null = basic(USER, PASSWORD)) {
  return app.api("/providers/postmark", {
    method: "POST",
    rawBody: typeof payload === "string" ? payload : JSON.stringify(payload),
    headers: {
      "content-type": "application/json",
      ...(authorization && { authorization }),
    },
  });
}

let ids = 4_000_000_000;
const bounce = (emailId: string, to: string, fields: Record<string, unknown> = {}) => ({
  RecordType: "Bounce",
  ID: ++ids,
  Type: "HardBounce",
  TypeCode: 1,
  MessageID: "883953f4-6105-42a2-a16a-77a8eac79483",
  Description:
    "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
  Details: "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
  Email: to,
  BouncedAt: "2026-06-01T12:00:00Z",
  Inactive: true,
  Metadata: { "mailwright-id": emailId },
  ...fields,
});

describe(`Postmark webhooks (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("a HardBounce bounces the email, suppresses the address and fires email.bounced", async () => {
    const email = await insertSentEmail(app, project);
    const response = await post(bounce(email.id, email.to));
    const bounced = await expectHardBounceRecorded(app, project.id, email, response);
    expect(bounced).toMatchObject({
      reason: "hard_bounce",
      provider: "postmark",
      bounce_type: "HardBounce",
      status: "5.1.1",
      diagnostic: "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
    });
    const hooks = await outgoingWebhooks(app, project.id, "email.bounced");
    expect(hooks.map((h) => h.data.id)).toContain(email.id);
  });

  it("maps SpamComplaint, Delivery and soft bounce types; ignores auto-replies", async () => {
    const complained = await insertSentEmail(app, project);
    await post(
      bounce(complained.id, complained.to, {
        RecordType: "SpamComplaint",
        Type: "SpamComplaint",
        TypeCode: 512,
      }),
    );
    expect((await emailRow(app, complained.id)).status).toBe("complained");
    expect((await suppressionOf(app, project.id, complained.to))?.reason).toBe("complaint");
    const complaints = await outgoingWebhooks(app, project.id, "email.complained");
    expect(complaints.map((h) => h.data.id)).toContain(complained.id);

    const delivered = await insertSentEmail(app, project);
    await post({
      RecordType: "Delivery",
      MessageID: "00000000-0000-0000-0000-000000000001",
      Recipient: delivered.to,
      DeliveredAt: "2026-06-01T12:00:00Z",
      Details: "Test delivery webhook details",
      Metadata: { "mailwright-id": delivered.id },
    });
    expect((await emailRow(app, delivered.id)).status).toBe("delivered");

    const soft = await insertSentEmail(app, project);
    await post(
      bounce(soft.id, soft.to, { Type: "Transient", TypeCode: 2, Details: "mailbox full" }),
    );
    await post(bounce(soft.id, soft.to, { Type: "AutoResponder", TypeCode: 64 }));
    expect((await emailRow(app, soft.id)).status).toBe("sent");
    expect(await suppressionOf(app, project.id, soft.to)).toBeNull();
    const timeline = await eventsOf(app, soft.id);
    expect(timeline.filter((e) => e.type === "deferred").map((e) => e.data)).toEqual([
      expect.objectContaining({ soft_bounce: true, bounce_type: "Transient" }),
    ]);
  });

  it("records a retried record once", async () => {
    const email = await insertSentEmail(app, project);
    const payload = bounce(email.id, email.to, { Type: "SoftBounce", TypeCode: 4096 });
    expect((await post(payload)).body).toEqual({ ok: true });
    await Promise.all([post(payload), post(payload)]);
    expect((await eventsOf(app, email.id)).filter((e) => e.type === "deferred")).toHaveLength(1);
  });

  it("refuses missing or wrong credentials with 401 and records nothing", async () => {
    const email = await insertSentEmail(app, project);
    const payload = bounce(email.id, email.to);
    const missing = await post(payload, null);
    expectError(missing, 401, "invalid_signature");
    expect(missing.headers.get("www-authenticate")).toContain("Basic");
    expectError(await post(payload, basic(USER, "wrong")), 401, "invalid_signature");
    expectError(await post(payload, basic("someone", PASSWORD)), 401, "invalid_signature");
    expectError(await post(payload, `Bearer ${PASSWORD}`), 401, "invalid_signature");
    expect(await eventsOf(app, email.id)).toEqual([]);
    expect(await suppressionOf(app, project.id, email.to)).toBeNull();
  });

  it("acknowledges unknown emails and missing metadata; 400 on bodies it cannot read", async () => {
    const email = await insertSentEmail(app, project);
    expect((await post(bounce("em_not_ours", email.to))).body).toEqual({ ignored: true });
    expect((await post(bounce(email.id, email.to, { Metadata: {} }))).body).toEqual({
      ignored: true,
    });
    expect(
      (await post({ RecordType: "Open", Metadata: { "mailwright-id": email.id } })).body,
    ).toEqual({
      ignored: true,
    });
    expectError(await post("{not json"), 400, "invalid_json");
    expectError(await post([1, 2]), 400, "invalid_payload");
    expect((await emailRow(app, email.id)).status).toBe("sent");
  });

  it("answers 503 until both credentials are configured", async () => {
    app.runtime.config.postmarkWebhookPassword = undefined;
    try {
      const response = await post({ RecordType: "Bounce" });
      expectError(response, 503, "provider_webhook_not_configured");
      expect(response.body.error.message).toContain("POSTMARK_WEBHOOK_PASSWORD");
    } finally {
      app.runtime.config.postmarkWebhookPassword = PASSWORD;
    }
  });
});
