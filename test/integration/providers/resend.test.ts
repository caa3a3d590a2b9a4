import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailEvents, emails, suppressions } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { signSvix } from "@/lib/providers/svix";
import { newTrackingToken } from "@/lib/tracking/token";
import { startTestApp, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";

const SECRET = `whsec_${Buffer.from("mailwright-resend-test-secret-32").toString("base64")}`;

let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  // A fake clock proves the timestamp window follows the runtime clock, not the wall clock.
  app = await startTestApp({ clock: "fake", config: { resendWebhookSecret: SECRET } });
  project = await app.createProject();
});
afterAll(() => app?.close());

async function insertSentEmail(to = "reader@example.com") {
  const now = app.clock.now();
  const [email] = await app.runtime.db
    .insert(emails)
    .values({
      id: newId("em", now.getTime()),
      projectId: project.id,
      type: "transactional",
      status: "sent",
      fromAddress: "hello@mail.test",
      to,
      subject: "Via Resend",
      trackingToken: newTrackingToken(),
      messageId: `re_${newTrackingToken()}`,
      sentAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return email!;
}

let deliveries = 0;
function post(
  payload: unknown,
  options: { id?: string; timestamp?: number; secret?: string; signature?: string } = {},
) {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload);
  const id = options.id ?? `msg_${++deliveries}_${newTrackingToken()}`;
  const timestamp = String(options.timestamp ?? Math.floor(app.clock.now().getTime() / 1000));
  const signature = options.signature ?? signSvix(options.secret ?? SECRET, id, timestamp, body);
  return app.api("/providers/resend", {
    method: "POST",
    rawBody: body,
    headers: {
      "content-type": "application/json",
      "svix-id": id,
      "svix-timestamp": timestamp,
      "svix-signature": signature,
    },
  });
}

const resendEvent = (type: string, emailId: string, data: Record<string, unknown> = {}) => ({
  type,
  created_at: app.clock.now().toISOString(),
  data: { email_id: emailId, to: ["reader@example.com"], ...data },
});

async function emailRow(id: string) {
  const [row] = await app.runtime.db.select().from(emails).where(eq(emails.id, id));
  return row!;
}

describe(`Resend provider webhooks (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("a correctly signed delivered event marks the email delivered", async () => {
    const email = await insertSentEmail();
    const response = await post(resendEvent("email.delivered", email.messageId!), {
      id: "msg_delivered_1",
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect((await emailRow(email.id)).status).toBe("delivered");
    const [event] = await app.runtime.db
      .select()
      .from(emailEvents)
      .where(and(eq(emailEvents.emailId, email.id), eq(emailEvents.type, "delivered")));
    expect(event!.data).toMatchObject({ svix_id: "msg_delivered_1", provider: "resend" });
  });

  it("rejects a bad signature, a wrong secret and a stale timestamp with 401", async () => {
    const email = await insertSentEmail();
    const payload = resendEvent("email.delivered", email.messageId!);
    expectError(
      await post(payload, { signature: "v1,bm90IGEgc2lnbmF0dXJl" }),
      401,
      "invalid_signature",
    );
    const wrongSecret = `whsec_${Buffer.from("some-other-secret-some-other-sec").toString("base64")}`;
    expectError(await post(payload, { secret: wrongSecret }), 401, "invalid_signature");
    const stale = Math.floor(app.clock.now().getTime() / 1000) - 6 * 60;
    expectError(await post(payload, { timestamp: stale }), 401, "invalid_signature");
    const missingHeaders = await app.api("/providers/resend", { method: "POST", body: payload });
    expectError(missingHeaders, 401, "invalid_signature");
    expect((await emailRow(email.id)).status).toBe("sent");
  });

  it("counts a replayed delivery (same svix-id) once", async () => {
    const email = await insertSentEmail();
    const opened = resendEvent("email.opened", email.messageId!);
    expect((await post(opened, { id: "msg_open_1" })).body).toEqual({ ok: true });
    expect((await post(opened, { id: "msg_open_1" })).body).toEqual({ ok: true });
    expect((await emailRow(email.id)).opens).toBe(1);
    await post(opened, { id: "msg_open_2" });
    expect((await emailRow(email.id)).opens).toBe(2);

    const clicked = resendEvent("email.clicked", email.messageId!, {
      click: { link: "https://example.com/c" },
    });
    await Promise.all([post(clicked, { id: "msg_click_1" }), post(clicked, { id: "msg_click_1" })]);
    expect((await emailRow(email.id)).clicks).toBe(1);
    const clicks = await app.runtime.db
      .select()
      .from(emailEvents)
      .where(and(eq(emailEvents.emailId, email.id), eq(emailEvents.type, "clicked")));
    expect(clicks.map((e) => e.data.url)).toEqual(["https://example.com/c"]);
  });

  it("hard bounces suppress the address; soft bounces only defer", async () => {
    const soft = await insertSentEmail("soft@example.com");
    await post(
      resendEvent("email.bounced", soft.messageId!, {
        bounce: { type: "Transient", message: "mailbox full" },
      }),
    );
    expect((await emailRow(soft.id)).status).toBe("sent");

    const hard = await insertSentEmail("gone@example.com");
    await post(
      resendEvent("email.bounced", hard.messageId!, {
        bounce: { type: "Permanent", message: "no such user" },
      }),
    );
    expect((await emailRow(hard.id)).status).toBe("bounced");
    const suppressed = await app.runtime.db
      .select()
      .from(suppressions)
      .where(eq(suppressions.projectId, project.id));
    expect(suppressed.map((s) => [s.email, s.reason])).toEqual([
      ["gone@example.com", "hard_bounce"],
    ]);
  });

  it("acknowledges unknown emails and untracked event types without retries", async () => {
    expect((await post(resendEvent("email.delivered", "re_not_ours"))).body).toEqual({
      ignored: true,
    });
    expect((await post({ type: "domain.updated", data: { id: "d_1" } })).body).toEqual({
      ignored: true,
    });
    expectError(await post("{not json"), 400, "invalid_json");
    expectError(await post({ type: "email.delivered", data: {} }), 422, "validation_error");
  });

  it("answers 503 with a clear message when no webhook secret is configured", async () => {
    app.runtime.config.resendWebhookSecret = undefined;
    try {
      const response = await post(resendEvent("email.delivered", "re_x"));
      expectError(response, 503, "provider_webhook_not_configured");
      expect(response.body.error.message).toContain("RESEND_WEBHOOK_SECRET");
    } finally {
      app.runtime.config.resendWebhookSecret = SECRET;
    }
  });
});
