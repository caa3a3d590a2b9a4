import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "@/db/schema";
import { fanOutBatch } from "@/lib/campaigns/fanout";
import { sendCampaign } from "@/lib/campaigns/send";
import { judgeBreakers } from "@/lib/deliverability/check-breakers";
import { EVENT_EMAIL_COLUMNS, recordEmailEvents } from "@/lib/emails/events";
import { processInboundMessage } from "@/lib/inbound/process";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { insertSubscribedContacts, startCampaignsDue } from "../../support/campaigns";
import { eventsOf, outgoingWebhooks } from "../../support/providers";
import { arfFor, dsnFor, type Original } from "../../support/reports";

/**
 * An email bounces once and is complained about once, however many reports say so (audit
 * finding: a one-recipient campaign showed 5 complaints and 20 bounces, each with a webhook, and
 * 50 complaint reports from one reader paused a 28,400-recipient campaign). Reports arrive as the
 * bounce receiver hands them over: the raw message and the email its VERP token named.
 */
let app: TestApp;
let project: TestProject;
const AUDIENCE = 400;

beforeAll(async () => {
  app = await startTestApp({ clock: "fake", worker: "off" });
  project = await app.createProject({ domain: "mail.test" });
  await insertSubscribedContacts(app, project.id, AUDIENCE, {
    idPrefix: "ct_once",
    emailPrefix: "reader",
  });
  const hook = await app.api("/v1/webhooks", {
    method: "POST",
    key: project.live,
    body: { url: "https://hooks.example.com/in" },
  });
  expect(hook.status, hook.text).toBe(201);
});
afterAll(async () => {
  await app?.close();
});

/** A campaign still `sending` whose whole audience has its email, every one delivered. */
async function deliveredCampaign() {
  const created = await app.api("/v1/campaigns", {
    method: "POST",
    key: project.live,
    body: {
      name: "Autumn news",
      subject: "Hello",
      from_name: "Acme",
      from_email: "news@mail.test",
      template: "tpl_system_newsletter_digest",
    },
  });
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  const ctx = app.ctx(project.id);
  await sendCampaign({ ...ctx, config: { ...ctx.config, worker: "external" } }, id);
  await startCampaignsDue(app);
  // One step takes the whole audience; the next would mark the campaign sent (no longer judged).
  await fanOutBatch(app.runtime, id, AUDIENCE);
  const now = app.clock.now();
  await app.runtime.db.transaction(async (tx) => {
    const rows = await tx.select(EVENT_EMAIL_COLUMNS).from(emails).where(eq(emails.campaignId, id));
    await recordEmailEvents(
      tx,
      app.runtime.jobs,
      rows.map((email) => ({ email, type: "delivered", now, patch: { sentAt: now } })),
    );
  });
  const [first] = await app.runtime.db
    .select()
    .from(emails)
    .where(eq(emails.campaignId, id))
    .orderBy(emails.id)
    .limit(1);
  return { id, email: first! };
}

/** A DSN naming the same recipient in `groups` recipient groups (as some MTAs write them). */
function dsnWithGroups(original: Original, groups: number) {
  const dsn = dsnFor(original);
  const group = /\r\n\r\nFinal-Recipient:[\s\S]*?\r\n(?=\r\n--)/.exec(dsn)![0];
  return dsn.replace(group, group.repeat(groups));
}

/** What the bounce receiver does with one message, then the breaker job it enqueued. */
async function receive(raw: string, emailId: string) {
  const processed = await processInboundMessage(app.runtime, Buffer.from(raw), {
    emailIds: [emailId],
    source: "smtp",
  });
  const now = app.clock.now().toISOString();
  const [row] = await app.runtime.db.select().from(emails).where(eq(emails.id, emailId));
  await judgeBreakers(app.runtime, [
    { emailId, campaignId: row!.campaignId, type: "complained", now },
  ]);
  return processed;
}

describe(`bounces and complaints count emails, not reports (${TEST_DRIVER})`, () => {
  it("one reader's 50 complaint reports and 20 bounce groups: one of each, one webhook each, no pause", async () => {
    const campaign = await deliveredCampaign();
    const original: Original = {
      to: campaign.email.to,
      messageId: campaign.email.messageId ?? "<x@mail.test>",
      returnPath: "bounces@bounces.mail.test",
    };
    expect((await receive(dsnWithGroups(original, 20), campaign.email.id)).recorded).toBe(1);
    // Each report has its own Message-ID (arfFor numbers them): none is a sender's retry.
    for (let i = 0; i < 50; i++) await receive(arfFor(original), campaign.email.id);
    await receive(dsnFor(original), campaign.email.id);

    const report = await app.api(`/v1/campaigns/${campaign.id}`, { key: project.live });
    expect(report.body.status).toBe("sending");
    expect(report.body.stats).toMatchObject({
      recipients: AUDIENCE,
      bounced: 1,
      complained: 1,
    });
    const timeline = await eventsOf(app, campaign.email.id);
    expect(timeline.filter((e) => e.type === "bounced")).toHaveLength(1);
    expect(timeline.filter((e) => e.type === "complained")).toHaveLength(1);
    const mine = (hooks: { data: Record<string, unknown> }[]) =>
      hooks.filter((h) => h.data.id === campaign.email.id);
    expect(mine(await outgoingWebhooks(app, project.id, "email.bounced"))).toHaveLength(1);
    expect(mine(await outgoingWebhooks(app, project.id, "email.complained"))).toHaveLength(1);
    expect(await outgoingWebhooks(app, project.id, "campaign.paused")).toHaveLength(0);
  });

  it("a complaint per reader past the threshold still pauses: the breaker counts distinct emails", async () => {
    const campaign = await deliveredCampaign();
    const rows = await app.runtime.db
      .select()
      .from(emails)
      .where(eq(emails.campaignId, campaign.id))
      .orderBy(emails.id)
      .limit(2);
    // 2 of 400 is 0.5 %, past the default 0.3 %.
    for (const row of rows) {
      await receive(
        arfFor({ to: row.to, messageId: row.messageId ?? "", returnPath: "b@bounces.mail.test" }),
        row.id,
      );
    }
    const report = await app.api(`/v1/campaigns/${campaign.id}`, { key: project.live });
    expect(report.body).toMatchObject({ status: "paused", stats: { complained: 2 } });
    const complainedRows = await app.runtime.db
      .select({ status: emails.status })
      .from(emails)
      .where(
        inArray(
          emails.id,
          rows.map((r) => r.id),
        ),
      );
    expect(complainedRows.map((r) => r.status)).toEqual(["complained", "complained"]);
  });
});
