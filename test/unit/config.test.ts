import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";

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
    ["WEBHOOK_RETRY_SCHEDULE_SECONDS", "1,,2", /must be a comma-separated list of seconds/],
    ["WEBHOOK_RETRY_SCHEDULE_SECONDS", "5,-1", /must be a comma-separated list of seconds/],
  ])("refuses %s=%j at start-up", (name, value, message) => {
    expect(() => readConfig({ [name]: value })).toThrow(message);
  });
});
