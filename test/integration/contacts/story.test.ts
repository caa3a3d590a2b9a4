import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, emails, subscriptionChanges } from "@/db/schema";
import { confirmSubscription } from "@/lib/contacts/double-opt-in";
import { addContactTag, removeContactTag } from "@/lib/contacts/tags";
import { listContactStory, type TimelineItem } from "@/lib/contacts/timeline";
import { ValidationError } from "@/lib/core/errors";
import { segmentsOfContact } from "@/lib/segments/membership";
import { linkSigningKey } from "@/lib/tracking/key";
import { signLink } from "@/lib/tracking/signature";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/**
 * The contact's whole story with real data: a campaign email delivered over SMTP, opened and
 * clicked through the tracking routes, an automation run that tags the contact, an unsubscribe
 * through the email's own link, a resubscribe; tags as segment rules and chips.
 */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;
let templateId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    worker: "embedded",
    env: { SMTP_URL: smtp.url, AUTOMATION_POLL_MS: "100" },
  });
  project = await app.createProject({ domain: "mail.test" });
  const template = await api("/v1/templates", {
    method: "POST",
    body: { name: "News", format: "html", source: "<p>Hi {{first_name}}</p>" },
  });
  templateId = template.body.id;
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

function api(path: string, init: Parameters<TestApp["api"]>[1] = {}) {
  return app.api(path, { key: project.live, ...init });
}

async function createContact(email: string, extra: Record<string, unknown> = {}) {
  const res = await api("/v1/contacts", { method: "POST", body: { email, ...extra } });
  expect(res.status, res.text).toBeLessThan(300);
  return res.body.id as string;
}

async function sendCampaign(name: string) {
  const created = await api("/v1/campaigns", {
    method: "POST",
    body: {
      name,
      subject: `${name} subject`,
      from_name: "Acme",
      from_email: "news@mail.test",
      template: templateId,
    },
  });
  expect(created.status, created.text).toBe(201);
  await api(`/v1/campaigns/${created.body.id}/send`, { method: "POST" });
  await waitFor(
    async () => (await api(`/v1/campaigns/${created.body.id}`)).body.status === "sent",
    20_000,
    "campaign sent",
  );
  return created.body.id as string;
}

async function liveAutomation(body: Record<string, unknown>) {
  const created = await api("/v1/automations", { method: "POST", body });
  expect(created.status, created.text).toBe(201);
  await api(`/v1/automations/${created.body.id}`, { method: "PATCH", body: { status: "live" } });
  return created.body.id as string;
}

const story = async (contactId: string, query: Record<string, unknown> = {}) =>
  listContactStory(app.ctx(project.id), contactId, { limit: 50, ...query });

describe(`contact story (${TEST_DRIVER})`, () => {
  it("tells a campaign email with its open and click, the automation that tagged, the unsubscribe link", async () => {
    const contactId = await createContact("ada@example.com", { name: "Ada" });
    const campaignId = await sendCampaign("June news");
    const [email] = await app.runtime.db
      .select()
      .from(emails)
      .where(and(eq(emails.campaignId, campaignId), eq(emails.to, "ada@example.com")));
    expect(email).toBeDefined();

    // Opened, then a tracked link clicked, through the real tracking routes.
    await fetch(`${app.baseUrl}/api/t/o/${email!.trackingToken}.gif`);
    const key = await linkSigningKey(app.runtime);
    const url = "https://example.com/pricing";
    const click = await fetch(
      `${app.baseUrl}/api/t/c/${email!.trackingToken}?u=${encodeURIComponent(url)}&s=${signLink(key, email!.trackingToken, url)}`,
      { redirect: "manual" },
    );
    expect(click.status).toBe(302);

    // An automation tags the contact when an event is recorded for it.
    const automationId = await liveAutomation({
      name: "Tag the engaged",
      trigger: { event: "event", name: "pricing.viewed" },
      steps: [
        { id: "tag", type: "action", action: "add-tag", tag: "vip" },
        { id: "mail", type: "email", templateId, subjectOverride: "Welcome, VIP" },
      ],
    });
    await api("/v1/events", {
      method: "POST",
      body: { name: "pricing.viewed", email: "ada@example.com", data: { plan: "pro" } },
    });
    await waitFor(
      async () => {
        const runs = await api(`/v1/automations/${automationId}/runs`);
        return runs.body.data[0]?.status === "completed";
      },
      20_000,
      "run completed",
    );

    // Unsubscribed through the email's own link (the one-click POST).
    const unsubscribed = await fetch(`${app.baseUrl}/u/${email!.unsubscribeToken}`, {
      method: "POST",
    });
    expect(unsubscribed.status).toBe(200);

    const page = await story(contactId);
    const kinds = page.data.map((item) => item.kind);
    expect(kinds).toEqual(["subscription", "email", "run", "event", "email", "created"]);
    const [unsubscribe, automationMail, run, event, mail, created] = page.data as [
      Extract<TimelineItem, { kind: "subscription" }>,
      Extract<TimelineItem, { kind: "email" }>,
      Extract<TimelineItem, { kind: "run" }>,
      Extract<TimelineItem, { kind: "event" }>,
      Extract<TimelineItem, { kind: "email" }>,
      Extract<TimelineItem, { kind: "created" }>,
    ];
    expect(unsubscribe.change).toEqual({
      subscribed: false,
      via: "unsubscribe_link",
      email: {
        id: email!.id,
        subject: "June news subject",
        campaign: { id: campaignId, name: "June news" },
      },
    });
    expect(run.run).toMatchObject({
      automationId,
      automationName: "Tag the engaged",
      status: "completed",
      steps: [
        { step_id: "tag", type: "action", outcome: "done" },
        { step_id: "mail", type: "email", outcome: "sent" },
      ],
      templateNames: { [templateId]: "News" },
    });
    expect(automationMail.email).toMatchObject({
      subject: "Welcome, VIP",
      type: "automation",
      campaign: null,
      automation: { id: automationId, name: "Tag the engaged", runId: run.id },
    });
    expect(event.event).toEqual({ name: "pricing.viewed", data: { plan: "pro" } });
    expect(mail.email).toMatchObject({
      subject: "June news subject",
      type: "campaign",
      campaign: { id: campaignId, name: "June news" },
      automation: null,
      opens: 1,
      clicks: 1,
    });
    expect(mail.email.activity.map((a) => a.type)).toEqual(["opened", "clicked"]);
    // Node's fetch says `node`: the click is recorded as a machine's (docs/engagement.md).
    expect(mail.email.activity[1]!.data).toEqual({
      url,
      client: expect.any(String),
      machine: true,
      reason: "scanner:http_library",
    });
    expect(created.source).toBe("api");
    for (let i = 1; i < page.data.length; i++) {
      expect(page.data[i - 1]!.at.getTime()).toBeGreaterThanOrEqual(page.data[i]!.at.getTime());
    }

    // The tag the automation wrote is a tag: a "has tag" segment finds the contact.
    const vip = await api("/v1/segments", {
      method: "POST",
      body: {
        name: "VIPs",
        conditions: { rules: [{ field: "tags", operator: "has_tag", value: "vip" }] },
      },
    });
    expect(vip.status, vip.text).toBe(201);
    await api("/v1/segments", {
      method: "POST",
      body: {
        name: "Not VIPs",
        conditions: { rules: [{ field: "tags", operator: "not_has_tag", value: "vip" }] },
      },
    });
    const matches = await api(`/v1/segments/${vip.body.id}/contacts`);
    expect(matches.body.data.map((c: { email: string }) => c.email)).toEqual(["ada@example.com"]);
    expect((await segmentsOfContact(app.ctx(project.id), contactId)).map((s) => s.name)).toEqual([
      "VIPs",
    ]);
  });

  it("pages across every source with a keyset cursor: no item lost or repeated", async () => {
    const contactId = await createContact("bob@example.com");
    for (let i = 0; i < 3; i++) {
      await api("/v1/events", {
        method: "POST",
        body: { name: `step.${i}`, email: "bob@example.com" },
      });
    }
    await api(`/v1/contacts/${contactId}`, { method: "PATCH", body: { subscribed: false } });
    await api(`/v1/contacts/${contactId}`, { method: "PATCH", body: { subscribed: true } });
    await api("/v1/send", {
      method: "POST",
      body: {
        from: "hi@mail.test",
        to: "bob@example.com",
        subject: "Receipt",
        html: "<p>Thanks</p>",
      },
    });
    const all = (await story(contactId)).data;
    expect(all.length).toBe(7);
    const subscriptions = all.filter((i) => i.kind === "subscription");
    expect(subscriptions.map((i) => i.kind === "subscription" && i.change)).toEqual([
      { subscribed: true, via: "update", email: null },
      { subscribed: false, via: "update", email: null },
    ]);

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await story(contactId, { limit: 2, cursor });
      seen.push(...page.data.map((i) => i.id));
      if (!page.has_more) break;
      cursor = page.next_cursor!;
    }
    expect(seen).toEqual(all.map((i) => i.id));

    // A cursor names one contact's story: another contact's list refuses it.
    const other = await createContact("carol@example.com");
    const first = await story(contactId, { limit: 1 });
    await expect(story(other, { cursor: first.next_cursor })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it("records double opt-in confirmation as a subscription change", async () => {
    // As startDoubleOptIn leaves a contact waiting for its confirmation.
    const contactId = await createContact("dana@example.com", { subscribed: false });
    const token = "a".repeat(32);
    await app.runtime.db
      .update(contacts)
      .set({ confirmationToken: token, confirmationSentAt: app.runtime.clock.now() })
      .where(eq(contacts.id, contactId));
    expect(await confirmSubscription(app.runtime, token)).not.toBeNull();
    const rows = await app.runtime.db
      .select()
      .from(subscriptionChanges)
      .where(eq(subscriptionChanges.contactId, contactId));
    expect(rows.map((r) => [r.subscribed, r.via])).toEqual([[true, "double_opt_in"]]);
  });

  it("adds and removes tags as a set, whatever shape data.tags had", async () => {
    const ctx = app.ctx(project.id);
    const contactId = await createContact("eve@example.com", { data: { tags: "legacy" } });
    let contact = await addContactTag(ctx, contactId, { tag: " beta " });
    expect(contact.data.tags).toEqual(["legacy", "beta"]);
    contact = await addContactTag(ctx, contactId, { tag: "beta" });
    expect(contact.data.tags).toEqual(["legacy", "beta"]);
    contact = await removeContactTag(ctx, contactId, { tag: "legacy" });
    expect(contact.data.tags).toEqual(["beta"]);
    contact = await removeContactTag(ctx, contactId, { tag: "beta" });
    expect(contact.data.tags).toEqual([]);
    await expect(addContactTag(ctx, contactId, { tag: "" })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(addContactTag(ctx, "ct_missing", { tag: "x" })).rejects.toThrow(/not found/i);
  });

  it("refuses a tag rule with another operator or no tag (422, not 500)", async () => {
    for (const rule of [
      { field: "tags", operator: "equals", value: "vip" },
      { field: "tags", operator: "has_tag" },
      { field: "tags", operator: "has_tag", value: "x".repeat(101) },
    ]) {
      const res = await api("/v1/segments", {
        method: "POST",
        body: { name: "Bad", conditions: { rules: [rule] } },
      });
      expectError(res, 422, "validation_error");
    }
  });
});
