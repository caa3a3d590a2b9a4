import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "@/db/schema";
import { serviceContext, type ServiceContext } from "@/lib/core/context";
import { campaignActivity } from "@/lib/campaigns/report/activity";
import { countCampaignRecipients } from "@/lib/campaigns/audience";
import { campaignDelivery } from "@/lib/campaigns/report/delivery";
import { campaignReport } from "@/lib/campaigns/report/report";
import { segmentMatches } from "@/lib/segments/contacts";
import { recordEmailEvent } from "@/lib/emails/events";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

/** The dashboard's campaign and segment read services: counts, previews and activity. */
let app: TestApp;
let project: TestProject;
let other: TestProject;
let ctx: ServiceContext;
let otherCtx: ServiceContext;
let proSegment: string;

const post = async (path: string, body: unknown, key = project.live) => {
  const response = await app.api(path, { method: "POST", key, body });
  expect(response.status, response.text).toBeLessThan(300);
  return response.body as { id: string };
};

beforeAll(async () => {
  app = await startTestApp({ clock: "fake", worker: "off" });
  project = await app.createProject({ domain: "mail.test" });
  other = await app.createProject({ name: "Other", domain: "other.test" });
  ctx = serviceContext(app.runtime, project.id);
  otherCtx = serviceContext(app.runtime, other.id);
  await post("/v1/contacts", { email: "ada@example.com", data: { plan: "pro" } });
  await post("/v1/contacts", {
    email: "bob@example.com",
    subscribed: false,
    data: { plan: "pro" },
  });
  await post("/v1/contacts", { email: "cy@example.com", data: { plan: "pro" } });
  await post("/v1/suppressions", { email: "cy@example.com" });
  await post("/v1/contacts", { email: "dee@example.com", data: { plan: "free" } });
  // The same people in another project never count here.
  await post("/v1/contacts", { email: "ada@example.com", data: { plan: "pro" } }, other.live);
  const conditions = {
    match: "all",
    rules: [{ field: "data.plan", operator: "equals", value: "pro" }],
  };
  proSegment = (await post("/v1/segments", { name: "Pro", conditions })).id;
});
afterAll(() => app?.close());

describe(`dashboard campaign services (${TEST_DRIVER})`, () => {
  it("counts the recipients a send would reach: subscribed, not suppressed, in the audience", async () => {
    expect(await countCampaignRecipients(ctx, { target: "all" })).toBe(2);
    expect(await countCampaignRecipients(ctx, { target: "segment", segment: proSegment })).toBe(1);
    expect(await countCampaignRecipients(ctx, { target: "segment", segment: null })).toBe(0);
    expect(await countCampaignRecipients(otherCtx, { target: "all" })).toBe(1);
    // One audience definition (lib/campaigns/audience.ts): a segment that is not the project's
    // reaches nobody, as the fan-out treats a deleted one.
    expect(
      await countCampaignRecipients(otherCtx, { target: "segment", segment: proSegment }),
    ).toBe(0);
  });

  it("counts and samples the contacts unsaved conditions match, newest first", async () => {
    const pro = { match: "all", rules: [{ field: "data.plan", operator: "equals", value: "pro" }] };
    const matches = await segmentMatches(ctx, pro, 2);
    // Segments match contacts as they are; only sending leaves out unsubscribed and suppressed.
    expect(matches.count).toBe(3);
    expect(matches.contacts.map((c) => c.email)).toEqual(["cy@example.com", "bob@example.com"]);
    expect((await segmentMatches(otherCtx, pro)).count).toBe(1);
    await expect(
      segmentMatches(ctx, { rules: [{ field: "data.plan", operator: "in", value: [] }] }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("buckets a campaign's deliveries, first opens and first clicks by hour, in its project", async () => {
    const campaign = await post("/v1/campaigns", {
      name: "June",
      subject: "Hello",
      from_name: "Acme",
      from_email: "news@mail.test",
      template: "tpl_system_welcome",
    });
    await post(`/v1/campaigns/${campaign.id}/send`, {});
    const sent = await app.runtime.db
      .select()
      .from(emails)
      .where(eq(emails.campaignId, campaign.id));
    expect(sent.map((e) => e.to).sort()).toEqual(["ada@example.com", "dee@example.com"]);
    const [ada, dee] = [...sent].sort((a, b) => a.to.localeCompare(b.to));
    const at = (time: string) => new Date(`2026-06-01T${time}:00.000Z`);
    const events = [
      [ada!, "delivered", "12:10"],
      [dee!, "delivered", "12:15"],
      [ada!, "opened", "12:20"],
      [ada!, "opened", "13:05"], // a second open of the same email is not a first open
      [ada!, "clicked", "13:30"],
    ] as const;
    for (const [email, type, time] of events) {
      await app.runtime.db.transaction((tx) =>
        recordEmailEvent(tx, app.runtime.jobs, { email, type, now: at(time) }),
      );
    }
    expect(await campaignActivity(ctx, campaign.id)).toEqual([
      { hour: "2026-06-01T12:00:00Z", delivered: 2, opened: 1, clicked: 0 },
      { hour: "2026-06-01T13:00:00Z", delivered: 0, opened: 0, clicked: 1 },
    ]);
    expect(await campaignActivity(otherCtx, campaign.id)).toEqual([]);
  });

  it("counts a campaign's in-flight emails (queued, sent) until each has its final report", async () => {
    const campaign = await post("/v1/campaigns", {
      name: "In flight",
      subject: "Hello",
      from_name: "Acme",
      from_email: "news@mail.test",
      template: "tpl_system_welcome",
    });
    await post(`/v1/campaigns/${campaign.id}/send`, {});
    const rows = await app.runtime.db
      .select()
      .from(emails)
      .where(eq(emails.campaignId, campaign.id));
    const [ada, dee] = [...rows].sort((a, b) => a.to.localeCompare(b.to));
    // No provider in the test configuration: both wait as queued.
    expect(await campaignDelivery(ctx, campaign.id)).toEqual({
      inFlight: 2,
      queued: 2,
      deliveryConfigured: false,
      waiting: [],
    });
    const report = await campaignReport(ctx, campaign.id);
    expect(report.campaign.status).toBe("sent");
    expect(report.delivery).toEqual({
      inFlight: 2,
      queued: 2,
      deliveryConfigured: false,
      waiting: [],
    });
    // Delivery is the process's (its transports read the runtime's configuration), as SMTP_URL is.
    const original = ctx.config.smtpUrl;
    ctx.config.smtpUrl = "smtp://localhost:2525";
    try {
      expect((await campaignDelivery(ctx, campaign.id)).deliveryConfigured).toBe(true);
    } finally {
      ctx.config.smtpUrl = original;
    }

    const record = async (email: typeof ada, type: "sent" | "delivered" | "complained") =>
      app.runtime.db.transaction((tx) =>
        recordEmailEvent(tx, app.runtime.jobs, { email: email!, type, now: new Date() }),
      );
    await record(ada, "sent");
    await record(dee, "sent");
    expect(await campaignDelivery(ctx, campaign.id)).toMatchObject({ inFlight: 2, queued: 0 });
    await record(ada, "delivered");
    expect(await campaignDelivery(ctx, campaign.id)).toMatchObject({ inFlight: 1, queued: 0 });
    // A complaint is final too: it comes after the delivery it complains about.
    await record(dee, "complained");
    expect(await campaignDelivery(ctx, campaign.id)).toMatchObject({ inFlight: 0, queued: 0 });
    // Scoped by project: another project never sees this campaign's emails.
    await app.runtime.db.update(emails).set({ status: "queued" }).where(eq(emails.id, ada!.id));
    expect((await campaignDelivery(ctx, campaign.id)).inFlight).toBe(1);
    expect((await campaignDelivery(otherCtx, campaign.id)).inFlight).toBe(0);
  });
});
