import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaigns, emails } from "@/db/schema";
import { decideAbWinners } from "@/lib/campaigns/ab-test";
import { startCampaignsDue } from "../../support/campaigns";
import { dkimResult } from "../../support/dkim";
import { AS_PERSON } from "../../support/emails";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/**
 * Campaigns through the API with the embedded worker: the state machine of SPEC, the audience
 * (subscribed, not suppressed, segment), the variant split, real SMTP delivery with
 * List-Unsubscribe, one-click unsubscribe and the stats counters.
 */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;
let templateId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    clock: "fake",
    worker: "embedded",
    env: { SMTP_URL: smtp.url, AUTOMATION_POLL_MS: "100" },
  });
  project = await app.createProject({ domain: "mail.test" });
  const template = await api("/v1/templates", {
    method: "POST",
    body: {
      name: "News",
      format: "html",
      source: "<html><body><p>Hi {{first_name}}</p></body></html>",
    },
  });
  templateId = template.body.id;
  for (let i = 0; i < 9; i++) {
    await api("/v1/contacts", {
      method: "POST",
      body: {
        email: `reader${i}@example.com`,
        name: `Reader ${i}`,
        data: { plan: i < 3 ? "pro" : "free" },
      },
    });
  }
  await api("/v1/contacts", {
    method: "POST",
    body: { email: "gone@example.com", subscribed: false },
  });
  await api("/v1/contacts", { method: "POST", body: { email: "bounced@example.com" } });
  await api("/v1/suppressions", { method: "POST", body: { email: "bounced@example.com" } });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

function api(path: string, init: Parameters<TestApp["api"]>[1] = {}) {
  return app.api(path, { key: project.live, ...init });
}

const draft = (extra: Record<string, unknown> = {}) =>
  api("/v1/campaigns", {
    method: "POST",
    body: {
      name: "November news",
      subject: "News for {{first_name}}",
      from_name: "Acme",
      from_email: "news@mail.test",
      template: templateId,
      ...extra,
    },
  });

const waitForStatus = (id: string, status: string) =>
  waitFor(
    async () => {
      const res = await api(`/v1/campaigns/${id}`);
      return res.body.status === status ? res.body : null;
    },
    20_000,
    `campaign ${status}`,
  );

describe(`campaigns (${TEST_DRIVER})`, () => {
  it("creates a draft with variants B and C, and validates its references", async () => {
    const res = await draft({ variants: ["Subject B", "Subject C"], preview_text: "Inside" });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^cmp_/),
      status: "draft",
      stats: null,
      target: "all",
      segment: null,
      template: templateId,
      preview_text: "Inside",
      variants: [
        { id: "B", subject: "Subject B" },
        { id: "C", subject: "Subject C" },
      ],
      scheduled_at: null,
      sent_at: null,
    });
    expectError(await draft({ from_email: "news@unverified.test" }), 422, "domain_not_verified");
    expectError(await draft({ variants: ["1", "2", "3", "4"] }), 422);
    expectError(await draft({ target: "segment" }), 422);
    expectError(await draft({ template: "tpl_missing" }), 422);
    const patched = await api(`/v1/campaigns/${res.body.id}`, {
      method: "PATCH",
      body: { name: "Renamed", variants: ["Only B"] },
    });
    expect(patched.body).toMatchObject({
      name: "Renamed",
      variants: [{ id: "B", subject: "Only B" }],
    });
    const listed = await api("/v1/campaigns?status=draft");
    expect(listed.body.data.map((c: { id: string }) => c.id)).toContain(res.body.id);
  });

  it("refuses test keys (403) and a send without a template (422)", async () => {
    const created = await draft({ template: null });
    const id = created.body.id;
    expectError(
      await app.api(`/v1/campaigns/${id}/send`, { method: "POST", key: project.test }),
      403,
    );
    expectError(await api(`/v1/campaigns/${id}/send`, { method: "POST" }), 422);
  });

  it("sends to subscribed, unsuppressed contacts, split evenly across variants, once each", async () => {
    const created = await draft({ variants: ["B: {{first_name}}", "C: {{first_name}}"] });
    const id = created.body.id;
    const sent = await api(`/v1/campaigns/${id}/send`, { method: "POST" });
    expect(sent.status, sent.text).toBe(202);
    expect(sent.body).toMatchObject({ id, status: "queued", queued: true });
    expectError(await api(`/v1/campaigns/${id}`, { method: "PATCH", body: { name: "x" } }), 409);

    const done = await waitForStatus(id, "sent");
    expect(done.sent_at).not.toBeNull();
    expectError(await api(`/v1/campaigns/${id}/send`, { method: "POST" }), 409);
    expect(done.stats).toMatchObject({
      recipients: 9,
      sent: 9,
      excluded: { unsubscribed: 1, suppressed: 1 },
      variants: { A: { recipients: 3 }, B: { recipients: 3 }, C: { recipients: 3 } },
    });

    const received = await waitFor(
      () => {
        const mine = smtp.received.filter((m) => /^Subject: (News for|B:|C:) Reader/m.test(m.raw));
        return mine.length >= 9 ? mine : null;
      },
      20_000,
      "nine campaign messages",
    );
    expect(new Set(received.map((m) => m.to[0])).size).toBe(9);
    const message = received[0]!;
    expect(message.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/[^>]+\/u\/[0-9A-Za-z]{32}>/m);
    expect(message.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(message.raw).toMatch(/h=[^;]*list-unsubscribe-post/i);
    expect(await dkimResult(app.runtime.db, project.id, message.raw)).toBe("pass");
    expect(message.raw).toContain("Unsubscribe");

    await waitFor(
      async () => (await api(`/v1/campaigns/${id}`)).body.stats.delivered === 9,
      20_000,
      "nine delivered",
    );
  });

  it("unsubscribes in one click (no redirect) and counts it and unique opens", async () => {
    const created = await draft({ name: "One click" });
    const id = created.body.id;
    await api(`/v1/campaigns/${id}/send`, { method: "POST" });
    await waitForStatus(id, "sent");
    const [email] = await app.runtime.db
      .select()
      .from(emails)
      .where(eq(emails.campaignId, id))
      .limit(1);
    // The unsubscribe link has its own token: whoever sees a pixel URL cannot unsubscribe.
    expect(email!.unsubscribeToken).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(email!.unsubscribeToken).not.toBe(email!.trackingToken);
    expect(email!.headers["List-Unsubscribe"]).toBe(
      `<${app.runtime.config.appUrl}/u/${email!.unsubscribeToken}>`,
    );
    expect((await fetch(`${app.baseUrl}/u/${email!.trackingToken}`)).status).toBe(404);
    expect(
      (await fetch(`${app.baseUrl}/u/${email!.trackingToken}`, { method: "POST" })).status,
    ).toBe(404);
    const page = await fetch(`${app.baseUrl}/u/${email!.unsubscribeToken}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(email!.to);

    const oneClick = await fetch(`${app.baseUrl}/u/${email!.unsubscribeToken}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.headers.get("location")).toBeNull();
    await fetch(`${app.baseUrl}/u/${email!.unsubscribeToken}`, { method: "POST" });
    const contact = await api(`/v1/contacts?email=${encodeURIComponent(email!.to)}`);
    expect(contact.body.data[0].subscribed).toBe(false);

    for (let i = 0; i < 2; i++) await fetch(`${app.baseUrl}/api/t/o/${email!.trackingToken}.gif`);
    const stats = (await api(`/v1/campaigns/${id}`)).body.stats;
    expect(stats).toMatchObject({ unsubscribed: 1, opened: 1 });
    expect((await fetch(`${app.baseUrl}/u/not-a-real-token-at-all-000000000`)).status).toBe(404);
  });

  it("targets a segment", async () => {
    const segment = await api("/v1/segments", {
      method: "POST",
      body: {
        name: "Pro",
        conditions: { rules: [{ field: "data.plan", operator: "equals", value: "pro" }] },
      },
    });
    const created = await draft({ name: "Pros only", target: "segment", segment: segment.body.id });
    expect(created.body.segment).toBe(segment.body.id);
    await api(`/v1/campaigns/${created.body.id}/send`, { method: "POST" });
    const done = await waitForStatus(created.body.id, "sent");
    // Three pro readers, minus the one unsubscribed in the test above if it was a pro reader.
    expect(done.stats.recipients + done.stats.excluded.unsubscribed).toBe(3);
  });

  it("a scheduled campaign waits for its time, and can be cancelled back to draft", async () => {
    const at = new Date(app.clock.now().getTime() + 3_600_000).toISOString();
    const created = await draft({ name: "Later", scheduled_at: at });
    const id = created.body.id;
    expect(created.body.scheduled_at).toBe(at);
    await api(`/v1/campaigns/${id}/send`, { method: "POST" });
    await startCampaignsDue(app);
    expect((await api(`/v1/campaigns/${id}`)).body.status).toBe("queued");
    const cancelled = await api(`/v1/campaigns/${id}/cancel`, { method: "POST" });
    expect(cancelled.body.status).toBe("draft");
    expectError(await api(`/v1/campaigns/${id}/cancel`, { method: "POST" }), 409);

    await api(`/v1/campaigns/${id}/send`, { method: "POST" });
    app.clock.advance!(3_600_000);
    await startCampaignsDue(app);
    await waitForStatus(id, "sent");
  });

  it("A/B test: variants go to a sample, the best open rate wins and goes to the rest", async () => {
    const created = await draft({
      name: "A/B",
      subject: "Subject A",
      variants: ["Subject B"],
      ab_test: { sample_percent: 50, wait_hours: 1 },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.ab_test).toMatchObject({
      sample_percent: 50,
      wait_hours: 1,
      metric: "open_rate",
      winner: null,
    });
    expectError(await draft({ ab_test: { sample_percent: 20, wait_hours: 1 } }), 422);
    const id = created.body.id;
    await api(`/v1/campaigns/${id}/send`, { method: "POST" });
    const sampled = await waitFor(
      async () => {
        const c = (await api(`/v1/campaigns/${id}`)).body;
        return c.ab_test.decide_at && c.stats.delivered === c.ab_test.sample_size ? c : null;
      },
      20_000,
      "sample delivered",
    );
    const sample = sampled.ab_test.sample_size;
    expect(sampled.status).toBe("sending");
    expect(sampled.stats.variants.A.recipients + sampled.stats.variants.B.recipients).toBe(sample);
    // Every B recipient opens, as a person (the winner counts people); no A recipient does.
    const bEmails = await app.runtime.db
      .select({ token: emails.trackingToken })
      .from(emails)
      .where(and(eq(emails.campaignId, id), eq(emails.campaignVariant, "B")));
    for (const e of bEmails) await fetch(`${app.baseUrl}/api/t/o/${e.token}.gif`, AS_PERSON);

    app.clock.advance!(3_600_000);
    // The embedded worker's poller may decide first; either way one decision is made.
    await decideAbWinners(app.runtime);
    const done = await waitForStatus(id, "sent");
    expect(done.ab_test.winner).toBe("B");
    expect(done.stats.variants.A.recipients).toBe(sampled.stats.variants.A.recipients);
    expect(done.stats.recipients).toBe(
      done.stats.variants.A.recipients + done.stats.variants.B.recipients,
    );
    expect(done.stats.recipients).toBeGreaterThan(sample);
  });

  it("a sending campaign whose fan-out job was lost is handed out again", async () => {
    const created = await draft({ name: "Stuck" });
    const id = created.body.id;
    // As if a worker had started it and its job then ran out of retries, long ago.
    const old = new Date(app.clock.now().getTime() - 3_600_000);
    await app.runtime.db
      .update(campaigns)
      .set({ status: "sending", startedAt: old, updatedAt: old })
      .where(eq(campaigns.id, id));
    await startCampaignsDue(app);
    const done = await waitForStatus(id, "sent");
    expect(done.stats.recipients).toBeGreaterThan(0);
  });
});
