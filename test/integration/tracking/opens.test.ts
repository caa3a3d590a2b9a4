import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails, webhookDeliveries } from "@/db/schema";
import { OPEN_WINDOW_MS } from "@/lib/tracking/open-window";
import { insertDeliveredEmail } from "../../support/emails";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

/** Pixel reloads from one client within the window count once (and fire one webhook). */
let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  app = await startTestApp({ clock: "fake", env: { TRUST_PROXY: "1" } });
  project = await app.createProject();
  const hook = await app.api("/v1/webhooks", {
    method: "POST",
    key: project.live,
    body: { url: "https://hooks.example.com/mailwright", events: ["email.opened"] },
  });
  expect(hook.status, hook.text).toBe(201);
});
afterAll(() => app?.close());

const insertEmail = () => insertDeliveredEmail(app, project.id);

const load = (token: string, address: string, userAgent: string) =>
  fetch(`${app.baseUrl}/api/t/o/${token}.gif`, {
    headers: { "x-forwarded-for": address, "user-agent": userAgent },
  });

async function opensOf(id: string) {
  const [row] = await app.runtime.db
    .select({ opens: emails.opens })
    .from(emails)
    .where(eq(emails.id, id));
  const hooks = await app.runtime.db
    .select({ payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.projectId, project.id),
        eq(webhookDeliveries.eventType, "email.opened"),
      ),
    );
  return { opens: row!.opens, webhooks: hooks.filter((h) => h.payload.includes(id)).length };
}

describe(`open counting (${TEST_DRIVER})`, () => {
  it("20 loads from one client count one open and fire one webhook", async () => {
    const email = await insertEmail();
    for (let i = 0; i < 20; i++) {
      expect((await load(email.trackingToken, "203.0.113.10", "Mail/1.0")).status).toBe(200);
    }
    expect(await opensOf(email.id)).toEqual({ opens: 1, webhooks: 1 });
  });

  it("another address or user agent is another client", async () => {
    const email = await insertEmail();
    await load(email.trackingToken, "203.0.113.10", "Mail/1.0");
    await load(email.trackingToken, "203.0.113.11", "Mail/1.0");
    await load(email.trackingToken, "203.0.113.10", "Other/2.0");
    expect(await opensOf(email.id)).toEqual({ opens: 3, webhooks: 3 });
  });

  it("the same client counts again once the window has passed", async () => {
    const email = await insertEmail();
    await load(email.trackingToken, "203.0.113.12", "Mail/1.0");
    app.clock.advance!(OPEN_WINDOW_MS - 1);
    await load(email.trackingToken, "203.0.113.12", "Mail/1.0");
    expect((await opensOf(email.id)).opens).toBe(1);
    app.clock.advance!(1);
    await load(email.trackingToken, "203.0.113.12", "Mail/1.0");
    expect(await opensOf(email.id)).toEqual({ opens: 2, webhooks: 2 });
  });

  it("concurrent loads from one client count once", async () => {
    const email = await insertEmail();
    await Promise.all(
      Array.from({ length: 10 }, () => load(email.trackingToken, "203.0.113.13", "Mail/1.0")),
    );
    expect(await opensOf(email.id)).toEqual({ opens: 1, webhooks: 1 });
  });
});
