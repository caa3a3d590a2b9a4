import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver";
import { drainWebhooks, listen, type Listener } from "../../support/webhook-events";

/**
 * suppression.created / .deleted (DECISIONS §15): `data` is `{email, reason}`, for addresses added
 * by hand (API, dashboard) and automatically (a hard bounce, a complaint), and for removals.
 */
let app: TestApp;
let project: TestProject;
let receiver: WebhookReceiver;
let endpoint: Listener;

beforeAll(async () => {
  app = await startTestApp({ worker: "embedded", config: { webhookAllowPrivate: true } });
  project = await app.createProject({ domain: "mail.test" });
  receiver = await startWebhookReceiver();
  endpoint = await listen(app, project, receiver, ["suppression.created", "suppression.deleted"]);
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

const api = (path: string, init: Parameters<TestApp["api"]>[1] = {}) =>
  app.api(path, { key: project.live, ...init });
const about = (email: string) => async () => {
  await drainWebhooks(app);
  return endpoint
    .received()
    .filter((event) => event.data.email === email)
    .map(({ type, data }) => ({ type, data }));
};

describe(`suppression webhooks (${TEST_DRIVER})`, () => {
  it("created once for an address added by hand, deleted once when it is removed", async () => {
    const added = await api("/v1/suppressions", {
      method: "POST",
      body: { email: "Manual@Example.com" },
    });
    expect(added.status, added.text).toBe(201);
    expect(
      (
        await api("/v1/suppressions", {
          method: "POST",
          body: { email: "manual@example.com", reason: "complaint" },
        })
      ).status,
    ).toBe(200);
    await endpoint.waitFor("suppression.created", (d) => d.email === "manual@example.com");

    expect((await api("/v1/suppressions/manual%40example.com", { method: "DELETE" })).status).toBe(
      200,
    );
    expect((await api("/v1/suppressions/manual%40example.com", { method: "DELETE" })).status).toBe(
      404,
    );
    await endpoint.waitFor("suppression.deleted", (d) => d.email === "manual@example.com");
    expect(await about("manual@example.com")()).toEqual([
      { type: "suppression.created", data: { email: "manual@example.com", reason: "manual" } },
      { type: "suppression.deleted", data: { email: "manual@example.com", reason: "manual" } },
    ]);
  });

  it("created for a hard bounce and a complaint, with their reasons", async () => {
    for (const to of ["bounce@example.com", "complaint@example.com"]) {
      const sent = await app.api("/v1/send", {
        method: "POST",
        key: project.test,
        body: { from: "hello@mail.test", to, subject: "Hi", html: "<p>Hi</p>" },
      });
      expect(sent.status, sent.text).toBe(200);
    }
    await endpoint.waitFor("suppression.created", (d) => d.email === "bounce@example.com");
    await endpoint.waitFor("suppression.created", (d) => d.email === "complaint@example.com");
    expect(await about("bounce@example.com")()).toEqual([
      { type: "suppression.created", data: { email: "bounce@example.com", reason: "hard_bounce" } },
    ]);
    expect(await about("complaint@example.com")()).toEqual([
      {
        type: "suppression.created",
        data: { email: "complaint@example.com", reason: "complaint" },
      },
    ]);
  });
});
