import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { contacts, emails, projects, type Email } from "@/db/schema";
import { forgetProjectSettings } from "@/lib/projects/settings";
import { deleteDraftCampaign, duplicateCampaign } from "@/lib/campaigns/duplicate";
import { getCampaign } from "@/lib/campaigns/manage";
import { previewCampaign } from "@/lib/campaigns/preview";
import { campaignStats } from "@/lib/campaigns/serialize";
import { sendCampaignTest } from "@/lib/campaigns/test-send";
import type { ServiceContext } from "@/lib/core/context";
import { campaignEngagedContacts, campaignLinkClicks } from "@/lib/campaigns/report/engagement";
import { latestCampaigns } from "@/lib/campaigns/report/latest";
import { sendingByDay } from "@/lib/emails/sending-by-day";
import { recordEmailEvent } from "@/lib/emails/events";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/** Everyday campaign work: duplicate, delete a draft, test sends, previews, link and engagement reports. */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;
let other: TestProject;
let ctx: ServiceContext;
let otherCtx: ServiceContext;
let templateId: string;

const api = async (path: string, body?: unknown, key = project.live) => {
  const response = await app.api(path, { method: body === undefined ? "GET" : "POST", key, body });
  expect(response.status, response.text).toBeLessThan(300);
  return response.body as { id: string };
};

async function newCampaign(overrides: Record<string, unknown> = {}) {
  return api("/v1/campaigns", {
    name: "June news",
    subject: "Hello {{first_name}}",
    from_name: "Acme",
    from_email: "news@mail.test",
    template: templateId,
    variants: ["Big news, {{first_name}}"],
    ...overrides,
  });
}

const campaignEmails = (campaignId: string) =>
  app.runtime.db.select().from(emails).where(eq(emails.campaignId, campaignId));

/** Sends a campaign and waits until every email of it is delivered over SMTP. */
async function sendAndDeliver(campaignId: string, expected: number) {
  await api(`/v1/campaigns/${campaignId}/send`, {});
  return waitFor(async () => {
    const rows = await campaignEmails(campaignId);
    return rows.length === expected && rows.every((e) => e.status === "delivered") ? rows : null;
  });
}

const record = (email: Email, type: "opened" | "clicked", data?: Record<string, unknown>) =>
  app.runtime.db.transaction((tx) =>
    recordEmailEvent(tx, app.runtime.jobs, { email, type, now: new Date(), data }),
  );

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ worker: "embedded", env: { SMTP_URL: smtp.url } });
  project = await app.createProject({ name: "Acme", domain: "mail.test" });
  other = await app.createProject({ name: "Other", domain: "other.test" });
  ctx = app.ctx(project.id);
  otherCtx = app.ctx(other.id);
  templateId = (
    await api("/v1/templates", {
      name: "News",
      format: "html",
      subject: "News",
      source:
        '<html><body><p>Hi {{ first_name | "there" }}, plan {{data.plan}}.</p>' +
        '<a href="https://acme.test/pricing">Pricing</a> <a href="https://acme.test/blog">Blog</a></body></html>',
    })
  ).id;
  for (const [email, name] of [
    ["ada@example.com", "Ada Lovelace"],
    ["bob@example.com", "Bob Stone"],
    ["cy@example.com", "Cy Young"],
  ]) {
    await api("/v1/contacts", { email, name, data: { plan: "pro" } });
  }
}, 60_000);
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe(`campaign work (${TEST_DRIVER})`, () => {
  it("duplicates a sent campaign into a fresh draft with the same content, audience and variants", async () => {
    const segment = await api("/v1/segments", {
      name: "Pro",
      conditions: {
        match: "all",
        rules: [{ field: "data.plan", operator: "equals", value: "pro" }],
      },
    });
    const original = await newCampaign({
      target: "segment",
      segment: segment.id,
      preview_text: "Inside: pricing",
    });
    await sendAndDeliver(original.id, 3);

    const { campaign, variants } = await duplicateCampaign(ctx, original.id);
    expect(campaign.id).not.toBe(original.id);
    expect(campaign).toMatchObject({
      name: "Copy of June news",
      status: "draft",
      subject: "Hello {{first_name}}",
      previewText: "Inside: pricing",
      fromName: "Acme",
      fromEmail: "news@mail.test",
      templateId,
      target: "segment",
      segmentId: segment.id,
      abSamplePercent: null,
      sentAt: null,
      fanoutCursor: null,
    });
    expect(variants.map((v) => [v.key, v.subject, v.recipients, v.sent])).toEqual([
      ["A", "Hello {{first_name}}", 0, 0],
      ["B", "Big news, {{first_name}}", 0, 0],
    ]);
    expect(campaignStats(campaign, variants)).toBeNull();
    await expect(duplicateCampaign(otherCtx, original.id)).rejects.toMatchObject({ status: 404 });

    // The A/B settings of a draft come along too.
    const ab = await newCampaign({
      name: "A/B",
      ab_test: { sample_percent: 20, wait_hours: 2, metric: "click_rate" },
    });
    const copy = await duplicateCampaign(ctx, ab.id);
    expect(copy.campaign).toMatchObject({
      name: "Copy of A/B",
      abSamplePercent: 20,
      abWaitMinutes: 120,
      abMetric: "click_rate",
    });
  });

  it("deletes a draft and refuses a campaign that went out (409) or another project's (404)", async () => {
    const draft = await newCampaign({ name: "Scratch" });
    await expect(deleteDraftCampaign(otherCtx, draft.id)).rejects.toMatchObject({ status: 404 });
    expect(await deleteDraftCampaign(ctx, draft.id)).toEqual({ id: draft.id, deleted: true });
    await expect(getCampaign(ctx, draft.id)).rejects.toMatchObject({ status: 404 });

    const sent = await newCampaign({ name: "Gone out" });
    await sendAndDeliver(sent.id, 3);
    await expect(deleteDraftCampaign(ctx, sent.id)).rejects.toMatchObject({
      status: 409,
      code: "campaign_not_draft",
    });
    expect((await getCampaign(ctx, sent.id)).campaign.status).toBe("sent");
  });

  // The footer a template lacks is built once per fan-out batch (lib/sending/outbound.ts), not
  // per email: every recipient of the batch still gets it, with an unsubscribe link of their own.
  // (Here, before the tests below: the overview test expects its two campaigns to be the latest,
  // and the report test deletes Ada's contact.)
  it("gives every email of a batch the footer its blocks template lacks: unsubscribe link and postal address", async () => {
    const setPostalAddress = async (postalAddress: string | null) => {
      await app.runtime.db
        .update(projects)
        .set({ postalAddress })
        .where(eq(projects.id, project.id));
      forgetProjectSettings(app.runtime.caches); // written behind the settings service's back
    };
    await setPostalAddress("Acme Inc.\n1 Main Street\nSpringfield, IL 62701");
    try {
      const plain = await api("/v1/templates", {
        name: "Plain",
        format: "blocks",
        subject: "Plain",
        source: JSON.stringify({ blocks: [{ type: "text", text: "Hello {{first_name}}" }] }),
      });
      const campaign = await newCampaign({ name: "Footer", template: plain.id });
      const delivered = await sendAndDeliver(campaign.id, 3);
      const messages = await waitFor(() => {
        const found = delivered.map((email) =>
          smtp.received.find((m) => m.messageId === `<${email.id}@mail.test>`),
        );
        return found.every(Boolean) ? found : null;
      });
      const links = new Set<string>();
      for (const message of messages) {
        const mail = await simpleParser(message!.raw);
        expect(mail.text).toContain("Acme Inc., 1 Main Street, Springfield, IL 62701");
        expect(mail.text).toMatch(/Hello (Ada|Bob|Cy)/);
        const link = /Unsubscribe (http\S+\/u\/[0-9A-Za-z]{32})\b/.exec(mail.text ?? "");
        expect(link, mail.text).not.toBeNull();
        links.add(link![1]!);
      }
      expect(links.size).toBe(3);
    } finally {
      await setPostalAddress(null);
    }
  });

  it("sends a test of the chosen variant over SMTP, marked [Test], with the unsubscribe footer, outside the stats", async () => {
    const campaign = await newCampaign({ name: "Tested" });
    const delivered = await sendAndDeliver(campaign.id, 3);
    const before = await getCampaign(ctx, campaign.id);

    const sent = await sendCampaignTest(ctx, campaign.id, {
      to: "Ada Lovelace <ada@example.com>",
      variant: "B",
    });
    expect(sent).toMatchObject({ status: "sent", to: "ada@example.com" });
    const message = await waitFor(() =>
      smtp.received.find((m) => m.raw.includes("Subject: [Test] Big news, Ada")),
    );
    expect(message.to).toEqual(["ada@example.com"]);
    expect(message.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/[^>]+\/u\/[0-9A-Za-z]{32}>/m);
    expect(message.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    // Not a list message of the campaign: a complaint about a test is not the campaign's.
    expect(message.raw).not.toMatch(/^Feedback-ID:/m);
    expect(message.raw).toContain("Unsubscribe");
    expect(message.raw).toContain("plan pro");

    const row = await waitFor(async () => {
      const [email] = await app.runtime.db.select().from(emails).where(eq(emails.id, sent.id));
      return email?.status === "delivered" ? email : null;
    });
    expect(row).toMatchObject({ type: "campaign", mode: "live", campaignId: null });
    // Opens and clicks of the test do not count either.
    await record(row, "opened");
    await record(row, "clicked", { url: "https://acme.test/pricing" });
    const after = await getCampaign(ctx, campaign.id);
    expect(campaignStats(after.campaign, after.variants)).toEqual(
      campaignStats(before.campaign, before.variants),
    );
    expect(await campaignLinkClicks(ctx, campaign.id)).toEqual([]);
    expect((await campaignEmails(campaign.id)).length).toBe(delivered.length);
  });

  it("records a test-mode test send as simulated, never handed to SMTP", async () => {
    const campaign = await newCampaign({ name: "Test mode" });
    const received = smtp.received.length;
    const sent = await sendCampaignTest(app.ctx(project.id, "test"), campaign.id, {
      to: "tester@example.com",
    });
    const row = await waitFor(async () => {
      const [email] = await app.runtime.db.select().from(emails).where(eq(emails.id, sent.id));
      return email?.status === "delivered" ? email : null;
    });
    expect(row).toMatchObject({ mode: "test", subject: "[Test] Hello" });
    expect(smtp.received.length).toBe(received);
  });

  it("refuses a test send without a template, to a suppressed address or a bad address (422)", async () => {
    const bare = await newCampaign({ name: "No template", template: null });
    await expect(sendCampaignTest(ctx, bare.id, { to: "ada@example.com" })).rejects.toMatchObject({
      status: 422,
    });
    const campaign = await newCampaign({ name: "Refusals" });
    await api("/v1/suppressions", { email: "blocked@example.com" });
    await expect(
      sendCampaignTest(ctx, campaign.id, { to: "blocked@example.com" }),
    ).rejects.toMatchObject({ status: 422, code: "recipient_suppressed" });
    await expect(
      sendCampaignTest(ctx, campaign.id, { to: "not an address" }),
    ).rejects.toMatchObject({ status: 422, details: [{ path: "to" }] });
    await expect(
      sendCampaignTest(ctx, campaign.id, { to: "ada@example.com", variant: "D" }),
    ).rejects.toMatchObject({ status: 422, details: [{ path: "variant" }] });
    await expect(
      sendCampaignTest(otherCtx, campaign.id, { to: "ada@example.com" }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("previews every variant as a recipient of the audience sees it, recording nothing", async () => {
    const campaign = await newCampaign({ name: "Preview" });
    const count = (await app.runtime.db.select().from(emails)).length;
    const preview = await previewCampaign(ctx, campaign.id);
    // The newest contact the campaign reaches fills the variables.
    expect(preview.sample).toEqual({ email: "cy@example.com", name: "Cy Young", isSample: false });
    expect(preview.variants.map((v) => [v.key, v.subject])).toEqual([
      ["A", "Hello Cy"],
      ["B", "Big news, Cy"],
    ]);
    expect(preview.variants[0]!.html).toContain("Hi Cy, plan pro.");
    expect(preview.variants[0]!.html).toContain("/u/preview");
    expect((await app.runtime.db.select().from(emails)).length).toBe(count);

    // An audience with nobody in it: a sample contact.
    const empty = await api("/v1/segments", {
      name: "Nobody",
      conditions: { match: "all", rules: [{ field: "data.plan", operator: "equals", value: "x" }] },
    });
    const none = await newCampaign({ name: "Empty", target: "segment", segment: empty.id });
    const sampled = await previewCampaign(ctx, none.id);
    expect(sampled.sample).toMatchObject({ isSample: true, name: "Alex Morgan" });
    expect(sampled.variants[0]!.subject).toBe("Hello Alex");
    await expect(previewCampaign(otherCtx, campaign.id)).rejects.toMatchObject({ status: 404 });
  });

  it("reports clicks per link and pages who opened and who clicked, newest first, in its project", async () => {
    const campaign = await newCampaign({ name: "Report" });
    const rows = await sendAndDeliver(campaign.id, 3);
    const by = (to: string) => rows.find((e) => e.to === to)!;
    const [ada, bob, cy] = [by("ada@example.com"), by("bob@example.com"), by("cy@example.com")];
    await record(ada, "opened");
    await record(bob, "opened");
    await record(bob, "opened");
    await record(cy, "opened");
    await record(ada, "clicked", { url: "https://acme.test/pricing" });
    await record(ada, "clicked", { url: "https://acme.test/pricing" });
    await record(bob, "clicked", { url: "https://acme.test/pricing" });
    await record(bob, "clicked", { url: "https://acme.test/blog" });

    expect(await campaignLinkClicks(ctx, campaign.id)).toEqual([
      { url: "https://acme.test/pricing", clickers: 2, clicks: 3, share: 0.75 },
      { url: "https://acme.test/blog", clickers: 1, clicks: 1, share: 0.25 },
    ]);
    expect(await campaignLinkClicks(otherCtx, campaign.id)).toEqual([]);

    const first = await campaignEngagedContacts(ctx, campaign.id, { kind: "opened", limit: 2 });
    expect(first.data.map((c) => c.email)).toEqual(["cy@example.com", "bob@example.com"]);
    expect(first.data[1]).toMatchObject({ name: "Bob Stone", opens: 2, exists: true });
    expect(first.has_more).toBe(true);
    const second = await campaignEngagedContacts(ctx, campaign.id, {
      kind: "opened",
      limit: 2,
      cursor: first.next_cursor!,
    });
    expect(second.data.map((c) => c.email)).toEqual(["ada@example.com"]);
    expect(second.has_more).toBe(false);

    // A deleted contact stays in the list under the address the email went to.
    await app.runtime.db.delete(contacts).where(eq(contacts.id, ada.contactId!));
    const clicked = await campaignEngagedContacts(ctx, campaign.id, { kind: "clicked" });
    expect(clicked.data.map((c) => [c.email, c.clicks, c.exists])).toEqual([
      ["bob@example.com", 2, true],
      ["ada@example.com", 2, false],
    ]);
    expect((await campaignEngagedContacts(otherCtx, campaign.id, { kind: "opened" })).data).toEqual(
      [],
    );
    // A cursor of one list does not page another.
    await expect(
      campaignEngagedContacts(ctx, campaign.id, { kind: "clicked", cursor: first.next_cursor! }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("sums today's live sending for the overview and lists the latest campaigns with stats", async () => {
    const days = await sendingByDay(ctx);
    expect(days).toHaveLength(1);
    const [today] = days;
    const live = (
      await app.runtime.db.select().from(emails).where(eq(emails.projectId, project.id))
    ).filter((e) => e.mode === "live" && e.status !== "queued");
    expect(today!.day).toBe(new Date().toISOString().slice(0, 10));
    expect(today!.sent).toBe(live.length);
    expect(today!.delivered).toBe(live.filter((e) => e.status === "delivered").length);
    // Rates count people (these events, recorded without `machine`, are people's).
    expect(today!.opened).toBe(live.filter((e) => e.humanOpens > 0).length);
    expect(today!.clicked).toBe(live.filter((e) => e.humanClicks > 0).length);
    expect(await sendingByDay(otherCtx)).toEqual([]);

    const latest = await latestCampaigns(ctx, 2);
    expect(latest.map((c) => c.name)).toEqual(["Report", "Tested"]);
    expect(latest[0]!.stats).toMatchObject({ delivered: 3, opened: 3, clicked: 2 });
    expect(await latestCampaigns(otherCtx)).toEqual([]);
  });
});
