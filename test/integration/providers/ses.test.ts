import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { snsClient } from "@/lib/providers/sns-fetch";
import type { SnsEnvelope } from "@/lib/providers/sns";
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
import { makeSnsSigner } from "../../support/sns-signer";

const TOPIC = "arn:aws:sns:eu-west-1:123456789012:mailwright-ses";
const CERT_URL = "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem";
const SUBSCRIBE_URL = `https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=tok`;

let app: TestApp;
let project: TestProject;
const signer = makeSnsSigner();
let fetched: string[] = [];

beforeAll(async () => {
  app = await startTestApp({ config: { sesSnsTopicArns: [TOPIC] } });
  project = await app.createProject();
  await subscribeToBouncesAndComplaints(app, project);
});
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  fetched = [];
  // Serves the test certificate and answers the confirmation, remembering every URL asked for;
  // a new client each test, so no certificate fetched by an earlier one is cached.
  app.runtime.caches.sns = snsClient(async (url) => {
    fetched.push(url);
    if (url === CERT_URL) return { status: 200, body: signer.certificatePem };
    if (url.startsWith("https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription")) {
      return { status: 200, body: "<ConfirmSubscriptionResponse/>" };
    }
    return { status: 404, body: "" };
  });
});

function envelope(message: unknown, overrides: Partial<SnsEnvelope> = {}): SnsEnvelope {
  return signer.sign({
    Type: "Notification",
    MessageId: `sns-${newTrackingToken()}`,
    TopicArn: TOPIC,
    Message: JSON.stringify(message),
    Timestamp: app.clock.now().toISOString(),
    SignatureVersion: "2",
    SigningCertURL: CERT_URL,
    ...overrides,
  });
}

const post = (body: unknown) =>
  app.api("/providers/ses", {
    method: "POST",
    rawBody: typeof body === "string" ? body : JSON.stringify(body),
    headers: {
      "content-type": "text/plain; charset=UTF-8",
      "x-amz-sns-message-type": "Notification",
    },
  });

const mail = (messageId: string) => ({
  timestamp: "2026-06-01T12:00:00.000Z",
  messageId: "0102018f-ses-id",
  source: "hello@mail.test",
  commonHeaders: { messageId, subject: "Provider webhook test" },
});

describe(`Amazon SES through SNS (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("a permanent bounce marks the email bounced, suppresses the address and fires email.bounced", async () => {
    const email = await insertSentEmail(app, project);
    const bounce = envelope({
      notificationType: "Bounce",
      mail: mail(email.messageId!),
      bounce: {
        bounceType: "Permanent",
        bounceSubType: "General",
        reportingMTA: "dsn; a1-2.smtp-out.eu-west-1.amazonses.com",
        bouncedRecipients: [
          {
            emailAddress: email.to,
            status: "5.1.1",
            action: "failed",
            diagnosticCode: "smtp; 550 5.1.1 user unknown",
          },
        ],
      },
    });
    const response = await post(bounce);
    const bounced = await expectHardBounceRecorded(app, project.id, email, response);
    expect(bounced).toMatchObject({
      reason: "hard_bounce",
      provider: "ses",
      status: "5.1.1",
      diagnostic: "smtp; 550 5.1.1 user unknown",
      reporting_mta: "dsn; a1-2.smtp-out.eu-west-1.amazonses.com",
      provider_event_id: bounce.MessageId,
    });
    const hooks = await outgoingWebhooks(app, project.id, "email.bounced");
    expect(hooks.map((h) => h.data)).toContainEqual(
      expect.objectContaining({ id: email.id, reason: "hard_bounce" }),
    );
    // The certificate was fetched once and is cached for the next message.
    expect(fetched).toEqual([CERT_URL]);
  });

  it("maps complaints, deliveries (event publishing shape), transient bounces and delays", async () => {
    const complained = await insertSentEmail(app, project);
    await post(
      envelope({
        eventType: "Complaint",
        mail: {
          ...mail(complained.messageId!.slice(1, -1)),
          commonHeaders: undefined,
          headers: [{ name: "Message-ID", value: complained.messageId! }],
        },
        complaint: {
          complainedRecipients: [{ emailAddress: complained.to }],
          complaintFeedbackType: "abuse",
        },
      }),
    );
    expect((await emailRow(app, complained.id)).status).toBe("complained");
    expect((await suppressionOf(app, project.id, complained.to))?.reason).toBe("complaint");
    expect(
      (await outgoingWebhooks(app, project.id, "email.complained")).map((h) => h.data.id),
    ).toContain(complained.id);

    const delivered = await insertSentEmail(app, project);
    await post(
      envelope({
        eventType: "Delivery",
        // Without angle brackets, as some tools log it.
        mail: mail(delivered.messageId!.slice(1, -1)),
        delivery: { recipients: [delivered.to], smtpResponse: "250 2.0.0 OK" },
      }),
    );
    expect((await emailRow(app, delivered.id)).status).toBe("delivered");

    const soft = await insertSentEmail(app, project);
    await post(
      envelope({
        notificationType: "Bounce",
        mail: mail(soft.messageId!),
        bounce: {
          bounceType: "Transient",
          bounceSubType: "MailboxFull",
          bouncedRecipients: [{ emailAddress: soft.to, status: "4.2.2" }],
        },
      }),
    );
    await post(
      envelope({
        eventType: "DeliveryDelay",
        mail: mail(soft.messageId!),
        deliveryDelay: {
          delayType: "MailboxFull",
          delayedRecipients: [
            { emailAddress: soft.to, status: "4.2.2", diagnosticCode: "452 mailbox full" },
          ],
        },
      }),
    );
    expect((await emailRow(app, soft.id)).status).toBe("sent");
    expect(await suppressionOf(app, project.id, soft.to)).toBeNull();
    const timeline = (await eventsOf(app, soft.id)).filter((e) => e.type === "deferred");
    expect(timeline.map((e) => e.data)).toEqual([
      expect.objectContaining({ soft_bounce: true, status: "4.2.2", provider: "ses" }),
      expect.objectContaining({ reason: "delivery_delayed", diagnostic: "452 mailbox full" }),
    ]);
    // Five messages, one certificate fetch: the key is cached per URL.
    expect(fetched).toEqual([CERT_URL]);
  });

  it("a hard bounce after delivery still bounces, and a bounced cc is suppressed on its own", async () => {
    const email = await insertSentEmail(app, project, { cc: ["copy@example.com"] });
    await post(
      envelope({
        notificationType: "Delivery",
        mail: mail(email.messageId!),
        delivery: { recipients: [email.to] },
      }),
    );
    await post(
      envelope({
        notificationType: "Bounce",
        mail: mail(email.messageId!),
        bounce: {
          bounceType: "Permanent",
          bouncedRecipients: [
            { emailAddress: "COPY@example.com" },
            { emailAddress: "stranger@example.com" },
          ],
        },
      }),
    );
    expect((await emailRow(app, email.id)).status).toBe("delivered");
    expect((await suppressionOf(app, project.id, "copy@example.com"))?.reason).toBe("hard_bounce");
    // Not a recipient of this email: a report cannot suppress a stranger.
    expect(await suppressionOf(app, project.id, "stranger@example.com")).toBeNull();

    await post(
      envelope({
        notificationType: "Bounce",
        mail: mail(email.messageId!),
        bounce: { bounceType: "Permanent", bouncedRecipients: [{ emailAddress: email.to }] },
      }),
    );
    expect((await emailRow(app, email.id)).status).toBe("bounced");
  });

  it("records an SNS message delivered twice once", async () => {
    const email = await insertSentEmail(app, project);
    const message = envelope({
      notificationType: "Bounce",
      mail: mail(email.messageId!),
      bounce: { bounceType: "Transient", bouncedRecipients: [] },
    });
    expect((await post(message)).body).toEqual({ ok: true });
    expect((await post(message)).body).toEqual({ ok: true });
    await Promise.all([post(message), post(message)]);
    expect((await eventsOf(app, email.id)).filter((e) => e.type === "deferred")).toHaveLength(1);
  });

  it("refuses a tampered message, a foreign topic and an unsigned-looking one, recording nothing", async () => {
    const email = await insertSentEmail(app, project);
    const signed = envelope({
      notificationType: "Delivery",
      mail: mail(email.messageId!),
      delivery: { recipients: [email.to] },
    });
    const tampered = { ...signed, Message: signed.Message.replace('"Delivery"', '"Bounce"') };
    expectError(await post(tampered), 401, "invalid_signature");
    expectError(await post({ ...signed, SignatureVersion: "1" }), 401, "invalid_signature");
    const otherTopic = "arn:aws:sns:eu-west-1:999999999999:someone-else";
    expectError(
      await post(envelope({ notificationType: "Delivery" }, { TopicArn: otherTopic })),
      403,
      "webhook_sender_not_allowed",
    );
    expectError(await post("{not json"), 400, "invalid_json");
    expectError(await post({ Type: "Notification" }), 400, "invalid_payload");
    expect(await eventsOf(app, email.id)).toEqual([]);
    expect((await emailRow(app, email.id)).status).toBe("sent");
  });

  it("refuses a SigningCertURL off the SNS hosts without fetching it", async () => {
    for (const url of [
      "https://attacker.example.com/cert.pem",
      "http://sns.eu-west-1.amazonaws.com/cert.pem",
      "https://sns.eu-west-1.amazonaws.com.attacker.example/cert.pem",
      "https://sns.eu-west-1.amazonaws.com:8443/cert.pem",
    ]) {
      const response = await post(
        envelope({ notificationType: "Delivery" }, { SigningCertURL: url }),
      );
      expectError(response, 401, "invalid_signature");
    }
    expect(fetched).toEqual([]);
  });

  it("refuses a certificate SNS does not serve (401); retries when SNS is unreachable (502)", async () => {
    const missing = "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-missing.pem";
    const response = await post(
      envelope({ notificationType: "Delivery" }, { SigningCertURL: missing }),
    );
    expectError(response, 401, "invalid_signature");
    expect(fetched).toEqual([missing]);
    app.runtime.caches.sns = snsClient(async () => {
      throw new Error("connect ETIMEDOUT");
    });
    expectError(
      await post(envelope({ notificationType: "Delivery" })),
      502,
      "provider_unreachable",
    );
  });

  it("confirms a subscription through SubscribeURL, and never visits one on another host", async () => {
    const confirmation = (subscribeUrl: string) =>
      signer.sign({
        Type: "SubscriptionConfirmation",
        MessageId: `sns-${newTrackingToken()}`,
        Token: "tok",
        TopicArn: TOPIC,
        Message: "You have chosen to subscribe to the topic.",
        SubscribeURL: subscribeUrl,
        Timestamp: app.clock.now().toISOString(),
        SignatureVersion: "1",
        SigningCertURL: CERT_URL,
      });
    const response = await post(confirmation(SUBSCRIBE_URL));
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ confirmed: true });
    expect(fetched).toEqual([CERT_URL, SUBSCRIBE_URL]);

    fetched = [];
    expectError(
      await post(confirmation("https://attacker.example.com/?Action=ConfirmSubscription")),
      400,
      "invalid_payload",
    );
    expect(fetched).toEqual([]);

    // A confirmation for a topic not in SES_SNS_TOPIC_ARNS is not confirmed.
    const foreign = {
      ...confirmation(SUBSCRIBE_URL),
      TopicArn: "arn:aws:sns:eu-west-1:999999999999:other",
    };
    expectError(await post(foreign), 403, "webhook_sender_not_allowed");
    expect(fetched).toEqual([]);
  });

  it("acknowledges events for unknown emails and untracked types; 503 without topics", async () => {
    expect(
      (
        await post(
          envelope({
            notificationType: "Delivery",
            mail: mail("<em_unknown@mail.test>"),
            delivery: { recipients: [] },
          }),
        )
      ).body,
    ).toEqual({ ignored: true });
    expect(
      (await post(envelope({ eventType: "Open", mail: mail("<x@y>"), open: {} }))).body,
    ).toEqual({ ignored: true });
    expect(
      (await post(envelope({ notificationType: "AmazonSnsSubscriptionSucceeded", message: "ok" })))
        .body,
    ).toEqual({ ignored: true });
    app.runtime.config.sesSnsTopicArns = undefined;
    try {
      const response = await post(envelope({ notificationType: "Delivery" }));
      expectError(response, 503, "provider_webhook_not_configured");
      expect(response.body.error.message).toContain("SES_SNS_TOPIC_ARNS");
    } finally {
      app.runtime.config.sesSnsTopicArns = [TOPIC];
    }
  });

  it("answers 405 to other methods", async () => {
    expectError(await app.api("/providers/ses", { method: "GET" }), 405, "method_not_allowed");
  });
});
