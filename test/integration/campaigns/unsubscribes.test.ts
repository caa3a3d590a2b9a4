import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "@/db/schema";
import { campaignReport } from "@/lib/campaigns/report/report";
import { contactTotals } from "@/lib/contacts/count";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer } from "../../support/smtp-server";

/**
 * A campaign's unsubscribes (decision 0046): the people who unsubscribed through its emails, each
 * counted once however often they post the link or come back and leave again. The API stats and
 * the campaign report say the same number; the overview counts who is unsubscribed now.
 */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;
/** The first campaign, sent to all five contacts by the first test. */
let spring: Awaited<ReturnType<typeof sendCampaign>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ worker: "off", env: { SMTP_URL: smtp.url } });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

function api(path: string, init: Parameters<TestApp["api"]>[1] = {}) {
  return app.api(path, { key: project.live, ...init });
}

const oneClick = (url: string) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
    redirect: "manual",
  });

const resubscribe = (url: string) =>
  fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "same-origin",
    },
    body: "action=resubscribe",
    redirect: "manual",
  });

/** Sends a campaign inline to the project's subscribed contacts; each one's unsubscribe URL. */
async function sendCampaign(name: string) {
  const created = await api("/v1/campaigns", {
    method: "POST",
    body: {
      name,
      subject: name,
      from_name: "Acme",
      from_email: "news@mail.test",
      template: "tpl_system_welcome",
    },
  });
  expect(created.status, created.text).toBe(201);
  const sent = await api(`/v1/campaigns/${created.body.id}/send`, { method: "POST" });
  expect(sent.status, sent.text).toBe(200);
  const rows = await app.runtime.db
    .select({ to: emails.to, token: emails.unsubscribeToken })
    .from(emails)
    .where(and(eq(emails.projectId, project.id), eq(emails.campaignId, created.body.id)));
  const links = new Map(rows.map((r) => [r.to, `${app.baseUrl}/u/${r.token}`]));
  return { id: created.body.id as string, link: (address: string) => links.get(address)! };
}

/** The campaign's unsubscribes as the API, the campaign report and the overview show them. */
async function surfaces(campaignId: string) {
  const ctx = app.ctx(project.id);
  const report = await campaignReport(ctx, campaignId);
  return {
    api: (await api(`/v1/campaigns/${campaignId}`)).body.stats.unsubscribed,
    report: report.campaign.stats!.unsubscribed,
    resubscribedSince: report.resubscribedSince,
    overview: (await contactTotals(ctx)).unsubscribed,
  };
}

describe(`a campaign's unsubscribes (${TEST_DRIVER})`, () => {
  it("counts each person once: repeated one-click posts, and leaving, coming back and leaving again", async () => {
    for (const name of ["ann", "ben", "cat", "dan", "eve"]) {
      await api("/v1/contacts", { method: "POST", body: { email: `${name}@example.com` } });
    }
    spring = await sendCampaign("Spring news");
    const campaign = spring;

    // Ann: a mail provider's one-click post, repeated; back from the page; gone again.
    const ann = campaign.link("ann@example.com");
    for (let i = 0; i < 3; i++) expect((await oneClick(ann)).status).toBe(200);
    expect((await resubscribe(ann)).status).toBe(200);
    expect((await oneClick(ann)).status).toBe(200);
    expect((await resubscribe(ann)).status).toBe(200);
    expect((await oneClick(ann)).status).toBe(200);
    // Ben: the page's button, then the one-click post a provider sends as well.
    await fetch(campaign.link("ben@example.com"), { method: "POST" });
    await oneClick(campaign.link("ben@example.com"));
    // Cat: several one-click posts at once (a provider retrying while the first is in flight).
    const cat = campaign.link("cat@example.com");
    await Promise.all(Array.from({ length: 5 }, () => oneClick(cat)));

    expect(await surfaces(campaign.id)).toEqual({
      api: 3,
      report: 3,
      resubscribedSince: 0,
      overview: 3,
    });
  });

  it("keeps a resubscribed person in the campaign's count and says they came back; other campaigns and other ways out stay apart", async () => {
    const first = spring.id;
    // Ben comes back and stays: the unsubscribe happened (decision 0024), the overview has him
    // subscribed, and the report says why the two differ.
    await resubscribe(spring.link("ben@example.com"));
    expect(await surfaces(first)).toEqual({
      api: 3,
      report: 3,
      resubscribedSince: 1,
      overview: 2,
    });

    // The next campaign reaches Ben, Dan and Eve. Ben leaves through it: its own count, and not a
    // second count in the first campaign; Dan leaves through the API, which no campaign counts.
    const summer = await sendCampaign("Summer news");
    await oneClick(summer.link("ben@example.com"));
    const dan = await api("/v1/contacts?email=dan@example.com");
    await api(`/v1/contacts/${dan.body.data[0].id}`, {
      method: "PATCH",
      body: { subscribed: false },
    });
    expect(await surfaces(first)).toEqual({
      api: 3,
      report: 3,
      resubscribedSince: 0,
      overview: 4,
    });
    expect(await surfaces(summer.id)).toMatchObject({ api: 1, report: 1, resubscribedSince: 0 });
  });
});
