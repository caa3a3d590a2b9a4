import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "@/db/schema";
import { decideAbWinners } from "@/lib/campaigns/ab-test";
import { campaignActivity } from "@/lib/campaigns/report/activity";
import { sendingByDay } from "@/lib/emails/sending-by-day";
import { linkSigningKey } from "@/lib/tracking/key";
import { signLink } from "@/lib/tracking/signature";
import { PERSON_USER_AGENT } from "../../support/emails";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/**
 * A campaign's human figures (DECISIONS §14) through real delivery and the real tracking routes:
 * stats of the campaign and of each variant, the burst rule taking a recipient back out of the
 * human clickers, the report's activity and the overview's rates, and the A/B winner decided by people, not by machines.
 */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;
let templateId: string;
let signingKey: string;

const SECOND = 1000;
const GMAIL_PROXY =
  "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)";
const SAFE_LINKS =
  "Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/534+ (KHTML, like Gecko) BingPreview/1.0b";

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    clock: "fake",
    worker: "embedded",
    env: { SMTP_URL: smtp.url, AUTOMATION_POLL_MS: "100", TRUST_PROXY: "1" },
  });
  project = await app.createProject({ domain: "mail.test" });
  signingKey = await linkSigningKey(app.runtime);
  const template = await api("/v1/templates", {
    method: "POST",
    body: {
      name: "Links",
      format: "html",
      source:
        '<html><body><p>Hi</p><a href="https://acme.test/pricing">Pricing</a> <a href="https://acme.test/blog">Blog</a></body></html>',
    },
  });
  templateId = template.body.id;
  for (let i = 0; i < 8; i++) {
    await api("/v1/contacts", { method: "POST", body: { email: `person${i}@example.com` } });
  }
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

function api(path: string, init: Parameters<TestApp["api"]>[1] = {}) {
  return app.api(path, { key: project.live, ...init });
}

async function sendCampaign(extra: Record<string, unknown>) {
  const created = await api("/v1/campaigns", {
    method: "POST",
    body: {
      name: "Engagement",
      subject: "Subject A",
      from_name: "Acme",
      from_email: "news@mail.test",
      template: templateId,
      ...extra,
    },
  });
  expect(created.status, created.text).toBe(201);
  await api(`/v1/campaigns/${created.body.id}/send`, { method: "POST" });
  return created.body.id as string;
}

const campaignOf = async (id: string) => (await api(`/v1/campaigns/${id}`)).body;

/** The campaign's delivered emails of a variant, in contact order. */
async function emailsOf(campaignId: string, variant: string) {
  return app.runtime.db
    .select({ id: emails.id, token: emails.trackingToken })
    .from(emails)
    .where(and(eq(emails.campaignId, campaignId), eq(emails.campaignVariant, variant)))
    .orderBy(asc(emails.to));
}

const open = (token: string, userAgent: string, address = "198.51.100.1") =>
  fetch(`${app.baseUrl}/api/t/o/${token}.gif`, {
    headers: { "user-agent": userAgent, "x-forwarded-for": address },
  });

const click = (token: string, url: string, userAgent = PERSON_USER_AGENT) =>
  fetch(
    `${app.baseUrl}/api/t/c/${token}?u=${encodeURIComponent(url)}&s=${signLink(signingKey, token, url)}`,
    { redirect: "manual", headers: { "user-agent": userAgent, "x-forwarded-for": "198.51.100.1" } },
  );

describe(`human engagement in campaigns (${TEST_DRIVER})`, () => {
  it("stats count the people beside everyone, for the campaign and each variant", async () => {
    const id = await sendCampaign({ name: "Split", variants: ["Subject B"] });
    const sent = await waitFor(
      async () => {
        const c = await campaignOf(id);
        return c.status === "sent" && c.stats.delivered === 8 ? c : null;
      },
      20_000,
      "campaign delivered",
    );
    expect(sent.stats).toMatchObject({ human_opened: 0, human_open_rate: 0 });
    const a = await emailsOf(id, "A");
    const b = await emailsOf(id, "B");
    expect([a.length, b.length]).toEqual([4, 4]);
    app.clock.advance!(60 * SECOND);

    // A: Apple's prefetch for one reader, a person (and then Apple) for another.
    await open(a[0]!.token, "Mozilla/5.0");
    await open(a[1]!.token, PERSON_USER_AGENT);
    await open(a[1]!.token, "Mozilla/5.0");
    // B: one reader through Gmail's proxy who clicks; a Safe Links scan of another;
    // a third whose two links are followed 2 s apart (a burst: both machines).
    await open(b[0]!.token, GMAIL_PROXY);
    await click(b[0]!.token, "https://acme.test/pricing");
    await click(b[1]!.token, "https://acme.test/pricing", SAFE_LINKS);
    await click(b[2]!.token, "https://acme.test/pricing");
    const beforeBurst = (await campaignOf(id)).stats.variants.B;
    expect(beforeBurst).toMatchObject({ clicked: 3, human_clicked: 2 });
    app.clock.advance!(2 * SECOND);
    await click(b[2]!.token, "https://acme.test/blog");

    const { stats } = await campaignOf(id);
    expect(stats).toMatchObject({
      delivered: 8,
      opened: 3,
      clicked: 3,
      open_rate: 0.375,
      click_rate: 0.375,
      human_opened: 2,
      human_clicked: 1,
      human_open_rate: 0.25,
      human_click_rate: 0.125,
    });
    expect(stats.variants.A).toMatchObject({
      delivered: 4,
      opened: 2,
      clicked: 0,
      human_opened: 1,
      human_clicked: 0,
      human_open_rate: 0.25,
      human_click_rate: 0,
    });
    expect(stats.variants.B).toMatchObject({
      delivered: 4,
      opened: 1,
      clicked: 3,
      human_opened: 1,
      human_clicked: 1,
      human_open_rate: 0.25,
      human_click_rate: 0.25,
    });

    // The email API: all opens and clicks, and the people's.
    const person = await api(`/v1/emails/${a[1]!.id}`);
    expect(person.body).toMatchObject({ opens: 2, human_opens: 1, clicks: 0, human_clicks: 0 });
    const burst = await api(`/v1/emails/${b[2]!.id}`);
    expect(burst.body).toMatchObject({ clicks: 2, human_clicks: 0 });
    const listed = await api(`/v1/emails?limit=100`);
    const row = listed.body.data.find((e: { id: string }) => e.id === b[0]!.id);
    expect(row).toMatchObject({ opens: 1, human_opens: 1, clicks: 1, human_clicks: 1 });

    // The report's activity chart adds up to the people's counts.
    const hours = await campaignActivity(app.ctx(project.id), id);
    const sum = (key: "opened" | "clicked") => hours.reduce((n, h) => n + h[key], 0);
    expect([sum("opened"), sum("clicked")]).toEqual([2, 1]);

    // The overview's open and click rates count the emails people opened and clicked.
    const [today] = await sendingByDay(app.ctx(project.id));
    expect(today).toMatchObject({ sent: 8, delivered: 8, opened: 2, clicked: 1 });
  });

  it("the A/B winner is the variant people opened most, whatever machines opened", async () => {
    const id = await sendCampaign({
      name: "A/B by people",
      variants: ["Subject B"],
      ab_test: { sample_percent: 50, wait_hours: 1 },
    });
    const sampled = await waitFor(
      async () => {
        const c = await campaignOf(id);
        return c.ab_test.decide_at && c.stats.delivered === c.ab_test.sample_size ? c : null;
      },
      20_000,
      "sample delivered",
    );
    const a = await emailsOf(id, "A");
    const b = await emailsOf(id, "B");
    expect([a.length, b.length]).toEqual([2, 2]);
    // Every A email is fetched by Apple's prefetch and a scanner; one B reader opens it.
    for (const e of a) {
      await open(e.token, "Mozilla/5.0");
      await open(e.token, "Mozilla/5.0 (compatible; Mimecast URL Protect)", "198.51.100.2");
    }
    await open(b[0]!.token, PERSON_USER_AGENT);
    // Counting every open, A would win: all of its recipients against half of B's.
    expect((await campaignOf(id)).stats.variants).toMatchObject({
      A: { opened: 2, human_opened: 0 },
      B: { opened: 1, human_opened: 1 },
    });

    app.clock.advance!(3_600_000);
    // The embedded worker's poller may decide first; either way one decision is made.
    await decideAbWinners(app.runtime);
    const done = await waitFor(
      async () => {
        const c = await campaignOf(id);
        return c.status === "sent" ? c : null;
      },
      20_000,
      "campaign sent",
    );
    expect(sampled.ab_test.winner).toBeNull();
    expect(done.ab_test.winner).toBe("B");
  });
});
