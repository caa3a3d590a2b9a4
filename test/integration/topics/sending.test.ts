import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "@/db/schema";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/**
 * DECISIONS §13 where mail goes out: a campaign about a topic skips who opted out, its one-click
 * unsubscribe leaves only that topic, the preference center saves every public topic, a required
 * notice reaches unsubscribed and opted-out contacts (never suppressed ones).
 */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ worker: "off", env: { SMTP_URL: smtp.url } });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const api = (path: string, init: Parameters<TestApp["api"]>[1] = {}) =>
  app.api(path, { key: project.live, ...init });

async function created(path: string, body: Record<string, unknown>) {
  const res = await api(path, { method: "POST", body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

const campaignBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  subject: name,
  from_name: "Acme",
  from_email: "news@mail.test",
  template: "tpl_system_welcome",
  ...extra,
});

/** Sends a draft inline; the campaign's emails by recipient. */
async function send(campaignId: string) {
  const sent = await api(`/v1/campaigns/${campaignId}/send`, { method: "POST" });
  expect(sent.status, sent.text).toBe(200);
  const rows = await app.runtime.db
    .select()
    .from(emails)
    .where(and(eq(emails.projectId, project.id), eq(emails.campaignId, campaignId)));
  return new Map(rows.map((r) => [r.to, r]));
}

const form = (body: string, site = "same-origin") => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": site },
  body,
  redirect: "manual" as const,
});

const stateOf = async (contactId: string): Promise<Record<string, string | boolean>> => {
  const contact = (await api(`/v1/contacts/${contactId}`)).body;
  const topics = (await api(`/v1/contacts/${contactId}/topics`)).body.data;
  return {
    subscribed: contact.subscribed as boolean,
    ...Object.fromEntries(
      topics.map((t: { name: string; subscription: string }) => [t.name, t.subscription]),
    ),
  };
};

describe(`topics where mail goes out (${TEST_DRIVER})`, () => {
  let news: { id: string };
  let offers: { id: string };
  const people: Record<string, { id: string }> = {};

  it("a campaign about a topic leaves out who opted out and says so; its emails name the topic", async () => {
    news = await created("/v1/topics", { name: "News", description: "What's new, monthly" });
    offers = await created("/v1/topics", { name: "Offers", default_subscription: "opt_out" });
    await created("/v1/topics", { name: "Beta", visibility: "private" });
    people.ann = await created("/v1/contacts", { email: "ann@example.com" });
    people.ben = await created("/v1/contacts", {
      email: "ben@example.com",
      topics: [{ id: news.id, subscription: "opt_out" }],
    });
    people.cat = await created("/v1/contacts", { email: "cat@example.com", subscribed: false });
    people.dan = await created("/v1/contacts", { email: "dan@example.com" });
    await created("/v1/suppressions", { email: "dan@example.com" });

    const campaign = await created("/v1/campaigns", campaignBody("April", { topic: news.id }));
    expect((await api(`/v1/campaigns/${campaign.id}`)).body).toMatchObject({
      topic: news.id,
      required_notice: false,
    });
    const sent = await send(campaign.id);
    expect([...sent.keys()]).toEqual(["ann@example.com"]);
    expect(sent.get("ann@example.com")).toMatchObject({ topicId: news.id, requiredNotice: false });
    const stats = (await api(`/v1/campaigns/${campaign.id}`)).body.stats;
    expect(stats.excluded).toEqual({ unsubscribed: 2, suppressed: 1 });
    // A topic that defaults to opt_out reaches only who opted in.
    const offer = await created("/v1/campaigns", campaignBody("Sale", { topic: offers.id }));
    expect((await send(offer.id)).size).toBe(0);
    // An unknown topic is refused where it is set.
    await expectError(
      await api("/v1/campaigns", { method: "POST", body: campaignBody("X", { topic: "tp_nope" }) }),
      422,
      "validation_error",
    );
  });

  it("one-click from a topic's email leaves that topic only; the page shows the public topics", async () => {
    const campaign = await created("/v1/campaigns", campaignBody("May", { topic: news.id }));
    const link = `${app.baseUrl}/u/${(await send(campaign.id)).get("ann@example.com")!.unsubscribeToken}`;
    const page = await (await fetch(link)).text();
    expect(page).toContain("Choose what");
    expect(page).toContain('name="topic_' + news.id + '" checked');
    expect(page).toContain('name="topic_' + offers.id + '"');
    expect(page).not.toContain('name="topic_' + offers.id + '" checked');
    expect(page).toContain("What&#39;s new, monthly");
    expect(page).not.toContain("Beta");

    const oneClick = await fetch(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You're unsubscribed from News.");
    expect(await stateOf(people.ann!.id)).toEqual({
      subscribed: true,
      News: "opt_out",
      Offers: "opt_out",
      Beta: "opt_in",
    });
    expect((await api(`/v1/campaigns/${campaign.id}`)).body.stats.unsubscribed).toBe(1);

    // The page's form: check Offers and News again; Beta (private) is never touched.
    const saved = await fetch(link, form(`action=save&topic_${offers.id}=on&topic_${news.id}=on`));
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Your preferences are saved.");
    expect(await stateOf(people.ann!.id)).toEqual({
      subscribed: true,
      News: "opt_in",
      Offers: "opt_in",
      Beta: "opt_in",
    });
    // Saved with nothing checked: every public topic is opt_out, the contact still subscribed.
    await fetch(link, form("action=save"));
    expect(await stateOf(people.ann!.id)).toMatchObject({
      subscribed: true,
      News: "opt_out",
      Offers: "opt_out",
    });
    // From another site, nothing changes.
    const foreign = await fetch(link, form(`action=save&topic_${news.id}=on`, "cross-site"));
    expect(foreign.status).toBe(403);
    expect((await stateOf(people.ann!.id)).News).toBe("opt_out");

    const all = await fetch(link, form(`action=unsubscribe_all&topic_${news.id}=on`));
    expect(await all.text()).toContain("You're unsubscribed from");
    expect(await stateOf(people.ann!.id)).toMatchObject({ subscribed: false, News: "opt_out" });
    await fetch(link, form("action=resubscribe"));
    await fetch(link, form(`action=save&topic_${news.id}=on`));
    expect(await stateOf(people.ann!.id)).toMatchObject({ subscribed: true, News: "opt_in" });
  });

  it("one-click from an email without a topic leaves everything, as before", async () => {
    const campaign = await created("/v1/campaigns", campaignBody("June"));
    const email = (await send(campaign.id)).get("ann@example.com")!;
    expect(email.topicId).toBeNull();
    expect(email.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    await fetch(`${app.baseUrl}/u/${email.unsubscribeToken}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(await stateOf(people.ann!.id)).toMatchObject({ subscribed: false, News: "opt_in" });
  });

  it("a required notice reaches unsubscribed and opted-out contacts, never suppressed ones, without List-Unsubscribe", async () => {
    const campaign = await created(
      "/v1/campaigns",
      campaignBody("Terms", { topic: news.id, required_notice: true }),
    );
    smtp.received.length = 0;
    const sent = await send(campaign.id);
    // ann and cat are unsubscribed, ben opted out of News, dan suppressed.
    expect([...sent.keys()].sort()).toEqual([
      "ann@example.com",
      "ben@example.com",
      "cat@example.com",
    ]);
    for (const email of sent.values()) {
      expect(email.requiredNotice).toBe(true);
      expect(email.headers["List-Unsubscribe"]).toBeUndefined();
      expect((await api(`/v1/emails/${email.id}`)).body).toMatchObject({
        topic_id: news.id,
        required_notice: true,
      });
    }
    const stats = (await api(`/v1/campaigns/${campaign.id}`)).body.stats;
    expect(stats.excluded).toEqual({ unsubscribed: 0, suppressed: 1 });
    await waitFor(() => smtp.received.length >= 3, 10_000, "three notices");
    for (const message of smtp.received) expect(message.raw).not.toMatch(/^List-Unsubscribe/im);
    // Only a draft takes the flag, as every other field.
    await expectError(
      await api(`/v1/campaigns/${campaign.id}`, {
        method: "PATCH",
        body: { required_notice: false },
      }),
      409,
      "campaign_not_draft",
    );
  });

  it("a topic in use by an unsent campaign cannot be deleted; once sent it can", async () => {
    const topic = await created("/v1/topics", { name: "Launches" });
    const campaign = await created("/v1/campaigns", campaignBody("Launch", { topic: topic.id }));
    const refused = await api(`/v1/topics/${topic.id}`, { method: "DELETE" });
    await expectError(refused, 409, "topic_in_use");
    expect(refused.body.error.message).toContain('campaign "Launch"');
    await send(campaign.id);
    expect((await api(`/v1/topics/${topic.id}`, { method: "DELETE" })).status).toBe(200);
  });
});
