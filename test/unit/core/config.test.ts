import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/core/config";

describe("readConfig", () => {
  it("defaults every knob the code used to read from process.env itself", () => {
    expect(readConfig({})).toMatchObject({
      authSecret: undefined,
      adminEmail: "admin@mailwright.local",
      adminPassword: undefined,
      smtpPoolSize: 5,
      resendWebhookSecret: undefined,
      deliveryRetryBaseSeconds: 30,
      jobLeaseSeconds: 120,
      queueMaintenanceSeconds: 30,
      spfInclude: undefined,
      dnsServer: undefined,
      webhookAllowPrivate: false,
      webhookRetryScheduleSeconds: undefined,
    });
  });

  it("reads them from the environment it is given", () => {
    const config = readConfig({
      AUTH_SECRET: "s3cret",
      ADMIN_EMAIL: " ops@acme.io ",
      ADMIN_PASSWORD: "correct horse",
      SMTP_POOL_SIZE: "12",
      RESEND_WEBHOOK_SECRET: " whsec_abc ",
      DELIVERY_RETRY_BASE_SECONDS: "0.5",
      JOB_LEASE_SECONDS: "2",
      QUEUE_MAINTENANCE_SECONDS: "1",
      SPF_INCLUDE: " amazonses.com ",
      DNS_SERVER: "10.0.0.2:5353",
      WEBHOOK_ALLOW_PRIVATE: "TRUE",
      WEBHOOK_RETRY_SCHEDULE_SECONDS: "1, 0,30",
    });
    expect(config).toMatchObject({
      authSecret: "s3cret",
      adminEmail: "ops@acme.io",
      adminPassword: "correct horse",
      smtpPoolSize: 12,
      resendWebhookSecret: "whsec_abc",
      deliveryRetryBaseSeconds: 0.5,
      jobLeaseSeconds: 2,
      queueMaintenanceSeconds: 1,
      spfInclude: "amazonses.com",
      dnsServer: "10.0.0.2:5353",
      webhookAllowPrivate: true,
      webhookRetryScheduleSeconds: [1, 0, 30],
    });
    expect(readConfig({ WEBHOOK_ALLOW_PRIVATE: "0" }).webhookAllowPrivate).toBe(false);
    // Blank values mean unset, as an empty line in an env file does.
    expect(readConfig({ RESEND_WEBHOOK_SECRET: "  ", SPF_INCLUDE: "" })).toMatchObject({
      resendWebhookSecret: undefined,
      spfInclude: undefined,
    });
  });

  it.each([
    ["SMTP_POOL_SIZE", "many", /SMTP_POOL_SIZE must be a positive number, got "many"/],
    ["DELIVERY_RETRY_BASE_SECONDS", "-1", /DELIVERY_RETRY_BASE_SECONDS must be a positive/],
    ["JOB_LEASE_SECONDS", "0", /JOB_LEASE_SECONDS must be a positive number/],
    ["QUEUE_MAINTENANCE_SECONDS", "soon", /QUEUE_MAINTENANCE_SECONDS must be a positive/],
    ["WEBHOOK_ALLOW_PRIVATE", "yes please", /WEBHOOK_ALLOW_PRIVATE must be 1, true, 0 or false/],
    [
      "INBOUND_MAX_CONNECTIONS",
      "0",
      /INBOUND_MAX_CONNECTIONS must be a whole number \(1 or more\)/,
    ],
    [
      "INBOUND_MAX_CONNECTIONS_PER_CLIENT",
      "2.5",
      /INBOUND_MAX_CONNECTIONS_PER_CLIENT must be a whole/,
    ],
    ["INBOUND_IDLE_TIMEOUT_SECONDS", "0", /INBOUND_IDLE_TIMEOUT_SECONDS must be a positive number/],
    ["INBOUND_MAX_SESSION_SECONDS", "forever", /INBOUND_MAX_SESSION_SECONDS must be a positive/],
    ["WEBHOOK_RETRY_SCHEDULE_SECONDS", "1,,2", /must be a comma-separated list of seconds/],
    ["WEBHOOK_RETRY_SCHEDULE_SECONDS", "5,-1", /must be a comma-separated list of seconds/],
    ["SES_SNS_TOPIC_ARNS", "my-topic", /SES_SNS_TOPIC_ARNS must be a comma-separated list of SNS/],
    ["SES_SNS_TOPIC_ARNS", "arn:aws:sqs:us-east-1:123456789012:q", /got "arn:aws:sqs/],
    [
      "SENDGRID_WEBHOOK_PUBLIC_KEY",
      "bm90IGEga2V5",
      /SENDGRID_WEBHOOK_PUBLIC_KEY must be the base64/,
    ],
  ])("refuses %s=%j at start-up", (name, value, message) => {
    expect(() => readConfig({ [name]: value })).toThrow(message);
  });

  it("reads the bounce receiver's limits, with defaults", () => {
    expect(readConfig({})).toMatchObject({
      inboundMaxBytes: 10 * 1024 * 1024,
      inboundMaxConnections: 100,
      inboundMaxConnectionsPerClient: 10,
      inboundIdleTimeoutSeconds: 30,
      inboundMaxSessionSeconds: 300,
    });
    expect(
      readConfig({
        INBOUND_MAX_CONNECTIONS: "500",
        INBOUND_MAX_CONNECTIONS_PER_CLIENT: "1",
        INBOUND_IDLE_TIMEOUT_SECONDS: "2.5",
        INBOUND_MAX_SESSION_SECONDS: "60",
      }),
    ).toMatchObject({
      inboundMaxConnections: 500,
      inboundMaxConnectionsPerClient: 1,
      inboundIdleTimeoutSeconds: 2.5,
      inboundMaxSessionSeconds: 60,
    });
  });

  it("reads the provider webhook settings", () => {
    const sendgridKey = generateKeyPairSync("ec", { namedCurve: "prime256v1" })
      .publicKey.export({ type: "spki", format: "der" })
      .toString("base64");
    expect(
      readConfig({
        SES_SNS_TOPIC_ARNS:
          "arn:aws:sns:eu-west-1:123456789012:ses-events, arn:aws-cn:sns:cn-north-1:123456789012:ses",
        POSTMARK_WEBHOOK_USER: " postmark ",
        POSTMARK_WEBHOOK_PASSWORD: "s3cret",
        MAILGUN_WEBHOOK_SIGNING_KEY: "key-abc",
        SENDGRID_WEBHOOK_PUBLIC_KEY: ` ${sendgridKey} `,
      }),
    ).toMatchObject({
      sesSnsTopicArns: [
        "arn:aws:sns:eu-west-1:123456789012:ses-events",
        "arn:aws-cn:sns:cn-north-1:123456789012:ses",
      ],
      postmarkWebhookUser: "postmark",
      postmarkWebhookPassword: "s3cret",
      mailgunWebhookSigningKey: "key-abc",
      sendgridWebhookPublicKey: sendgridKey,
    });
    expect(readConfig({})).toMatchObject({
      sesSnsTopicArns: undefined,
      postmarkWebhookUser: undefined,
      mailgunWebhookSigningKey: undefined,
      sendgridWebhookPublicKey: undefined,
    });
    // An RSA key is not what SendGrid signs with.
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 })
      .publicKey.export({ type: "spki", format: "der" })
      .toString("base64");
    expect(() => readConfig({ SENDGRID_WEBHOOK_PUBLIC_KEY: rsa })).toThrow(
      /SENDGRID_WEBHOOK_PUBLIC_KEY/,
    );
  });
});
