import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { automationRuns, emails, webhookDeliveries } from "@/db/schema";
import { fanOutBatch } from "@/lib/campaigns/fanout";
import { resumeCampaign } from "@/lib/campaigns/resume";
import { sendCampaign } from "@/lib/campaigns/send";
import { deliverEmails } from "@/lib/sending/deliver";
import { EVENT_EMAIL_COLUMNS, recordEmailEvents, type EmailEventType } from "@/lib/emails/events";
import { judgeBreakers } from "@/lib/deliverability/check-breakers";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { insertSubscribedContacts, startCampaignsDue } from "../../support/campaigns";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";
import { startSmtpServer } from "../../support/smtp-server";

/**
 * The deliverability circuit breaker: bounces and complaints recorded through recordEmailEvents
 * (as the delivery worker, the bounce receiver and provider webhooks do) pause a sending
 * campaign or a live automation past the project's thresholds, fire the webhook, stop the
 * fan-out; a resume continues, judged only on the sends after it.
 */
let app: TestApp;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ clock: "fake", worker: "off" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function projectWithContacts(contacts: number) {
  const project = await app.createProject({ domain: "mail.test" });
  await insertSubscribedContacts(app, project.id, contacts, {
    idPrefix: `ct_${project.id}`,
    emailPrefix: "reader",
  });
  const hook = await app.api("/v1/webhooks", {
    method: "POST",
    key: project.live,
    body: { url: "https://hooks.example.com/in" },
  });
  expect(hook.status, hook.text).toBe(201);
  expect(hook.body.events).toEqual(
    expect.arrayContaining(["campaign.paused", "automation.paused"]),
  );
  return project;
}

/** A campaign put in `sending` as a worker would, its fan-out left to the test. */
async function sendingCampaign(project: TestProject) {
  const created = await app.api("/v1/campaigns", {
    method: "POST",
    key: project.live,
    body: {
      name: "Spring sale",
      subject: "Hello",
      from_name: "Acme",
      from_email: "news@mail.test",
      template: "tpl_system_newsletter_digest",
    },
  });
  expect(created.status, created.text).toBe(201);
  const ctx = app.ctx(project.id);
  await sendCampaign({ ...ctx, config: { ...ctx.config, worker: "external" } }, created.body.id);
  await startCampaignsDue(app);
  return created.body.id as string;
}

async function campaignEmailIds(campaignId: string) {
  const rows = await app.runtime.db
    .select({ id: emails.id })
    .from(emails)
    .where(eq(emails.campaignId, campaignId))
    .orderBy(emails.id);
  return rows.map((r) => r.id);
}

/** Records one event per email, in one batch, as the event sources do, then judges them. */
async function record(emailIds: string[], type: EmailEventType) {
  await judge(await recordOnly(emailIds, type), type);
}

/** The events alone: what the delivery worker, the bounce receiver and provider webhooks do. */
async function recordOnly(emailIds: string[], type: EmailEventType) {
  if (emailIds.length === 0) return [];
  const now = app.clock.now();
  return app.runtime.db.transaction(async (tx) => {
    const rows = await tx
      .select(EVENT_EMAIL_COLUMNS)
      .from(emails)
      .where(inArray(emails.id, emailIds));
    const data =
      type === "bounced"
        ? { reason: "hard_bounce" }
        : type === "complained"
          ? { reason: "complaint" }
          : {};
    await recordEmailEvents(
      tx,
      app.runtime.jobs,
      rows.map((email) => ({ email, type, now, data, patch: { sentAt: now } })),
    );
    return rows;
  });
}

/**
 * What the breaker-check job those events enqueued does (no worker runs in this file; the job's
 * wiring is tested end to end in bounces/inbound.test.ts).
 */
async function judge(recorded: { id: string; campaignId: string | null }[], type: EmailEventType) {
  if (type !== "bounced" && type !== "complained") return;
  const now = app.clock.now().toISOString();
  await judgeBreakers(
    app.runtime,
    recorded.map((email) => ({ emailId: email.id, campaignId: email.campaignId, type, now })),
  );
}

async function pausedWebhooks(projectId: string, type: string) {
  const rows = await app.runtime.db
    .select({ payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.projectId, projectId));
  return rows
    .map((r) => JSON.parse(r.payload) as { type: string; data: Record<string, unknown> })
    .filter((p) => p.type === type);
}

/** A live automation: an email step, then a two-day delay its runs wait in. */
async function liveAutomation(project: TestProject) {
  const created = await app.api("/v1/automations", {
    method: "POST",
    key: project.live,
    body: {
      name: "Welcome series",
      trigger: { event: "event", name: "signed_up" },
      steps: [
        { type: "email", templateId: "tpl_system_newsletter_digest" },
        { type: "delay", delayMinutes: 2880 },
      ],
    },
  });
  expect(created.status, created.text).toBe(201);
  const live = await app.api(`/v1/automations/${created.body.id}`, {
    method: "PATCH",
    key: project.live,
    body: { status: "live" },
  });
  expect(live.body.status).toBe("live");
  return { id: created.body.id as string, delayStepId: created.body.steps[1].id as string };
}

/** `count` runs resting in the delay, each with the email its first step sent (handed over). */
async function insertAutomationSends(
  project: TestProject,
  automation: { id: string; delayStepId: string },
  prefix: string,
  count: number,
  mode = "live",
) {
  const now = app.clock.now().toISOString();
  await app.runtime.handle.query(
    `insert into automation_runs (id, project_id, automation_id, status, current_step, resume_at, created_at, updated_at)
     select 'run_' || $3 || g, $1, $2, 'delayed', $4, $5::timestamptz + interval '2 days', $5, $5
     from generate_series(1, ${count}) g`,
    [project.id, automation.id, prefix, automation.delayStepId, now],
  );
  await app.runtime.handle.query(
    `insert into emails (id, project_id, type, mode, status, from_address, "to", subject, automation_run_id, tracking_token, sent_at, created_at, updated_at)
     select 'em_' || $2 || g, $1, 'automation', $3, 'sent', 'hello@mail.test', $2 || g || '@example.com', 'Welcome',
       'run_' || $2 || g, 'tok_' || $2 || g, $4, $4, $4
     from generate_series(1, ${count}) g`,
    [project.id, prefix, mode, now],
  );
  return Array.from({ length: count }, (_, i) => `em_${prefix}${i + 1}`);
}

/** Holds row locks in another transaction (another connection) until released. */
async function holdLock(statement: SQL) {
  let release!: () => void;
  let locked!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const holding = new Promise<void>((resolve) => (locked = resolve));
  const transaction = app.runtime.db.transaction(async (tx) => {
    await tx.execute(statement);
    locked();
    await released;
  });
  await holding;
  return async () => {
    release();
    await transaction;
  };
}

/** Whether `work` finishes within `ms` (else it is still waiting, for a lock say). */
async function finishesWithin(work: Promise<unknown>, ms: number) {
  const timer = new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), ms));
  return (await Promise.race([work.then(() => "done" as const), timer])) === "done";
}

const getCampaign = async (project: TestProject, id: string) =>
  (await app.api(`/v1/campaigns/${id}`, { key: project.live })).body;

describe(`circuit breaker (${TEST_DRIVER})`, () => {
  it("pauses a campaign past 5 % hard bounces after 200 sends, fires the webhook, stops the fan-out; resume continues", async () => {
    const project = await projectWithContacts(300);
    const id = await sendingCampaign(project);
    expect((await fanOutBatch(app.runtime, id, 250)).emailIds).toHaveLength(250);
    const sent = await campaignEmailIds(id);

    // Below the minimum number of sends nothing trips, whatever the rate.
    await record(sent.slice(0, 10), "bounced");
    expect(await getCampaign(project, id)).toMatchObject({ status: "sending", paused: null });
    // 10 of 200 is exactly 5 %: not past the threshold.
    await record(sent.slice(10, 200), "delivered");
    expect((await getCampaign(project, id)).status).toBe("sending");
    // One more: 11 of 201 hard-bounced.
    await record(sent.slice(200, 201), "bounced");
    const paused = await getCampaign(project, id);
    expect(paused).toMatchObject({
      status: "paused",
      paused: {
        reason: "bounce_rate",
        message: "5.5 % of the last 201 emails hard-bounced (threshold 5 %).",
        bounce_rate: 0.0547,
        complaint_rate: 0,
        sends: 201,
        threshold_percent: 5,
        paused_at: "2026-06-01T12:00:00.000Z",
      },
    });
    const hooks = await pausedWebhooks(project.id, "campaign.paused");
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.data).toEqual({
      id,
      name: "Spring sale",
      reason: "bounce_rate",
      message: "5.5 % of the last 201 emails hard-bounced (threshold 5 %).",
      bounce_rate: 0.0547,
      complaint_rate: 0,
      sends: 201,
      threshold_percent: 5,
      paused_at: "2026-06-01T12:00:00.000Z",
    });
    // More bounces while paused: no second webhook.
    await record(sent.slice(201, 210), "bounced");
    expect(await pausedWebhooks(project.id, "campaign.paused")).toHaveLength(1);

    // The fan-out stops at its saved cursor.
    expect(await fanOutBatch(app.runtime, id)).toEqual({ done: true, emailIds: [] });
    expect(await campaignEmailIds(id)).toHaveLength(250);

    const resumed = await app.api(`/v1/campaigns/${id}/resume`, {
      method: "POST",
      key: project.live,
    });
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body).toMatchObject({ status: "sending", paused: null });
    expectError(
      await app.api(`/v1/campaigns/${id}/resume`, { method: "POST", key: project.live }),
      409,
      "campaign_not_paused",
    );
    // The sends that paused it no longer count: a bounce right after the resume does not trip.
    await record(sent.slice(210, 211), "bounced");
    expect((await getCampaign(project, id)).status).toBe("sending");
    // The fan-out continues where it stopped, and finishes.
    expect((await fanOutBatch(app.runtime, id)).emailIds).toHaveLength(50);
    expect((await fanOutBatch(app.runtime, id)).done).toBe(true);
    expect(await getCampaign(project, id)).toMatchObject({
      status: "sent",
      stats: { recipients: 300 },
    });
    expect(new Set(await campaignEmailIds(id)).size).toBe(300);
  });

  it("pauses on complaints, with the project's own thresholds", async () => {
    const project = await projectWithContacts(40);
    for (const invalid of [
      { bounce_rate_threshold: 0 },
      { complaint_rate_threshold: 101 },
      { breaker_minimum_sends: 0 },
    ]) {
      await expect(updateProjectSettings(app.ctx(project.id), invalid)).rejects.toMatchObject({
        status: 422,
      });
    }
    await updateProjectSettings(app.ctx(project.id), {
      bounce_rate_threshold: 50,
      complaint_rate_threshold: 4,
      breaker_minimum_sends: 20,
    });
    const id = await sendingCampaign(project);
    await fanOutBatch(app.runtime, id, 30);
    const sent = await campaignEmailIds(id);
    // 9 bounces in 20 sends (45 %) stay under this project's 50 %, and 1 complaint is 5 % > 4 %:
    // but before 20 sends nothing is judged.
    await record(sent.slice(0, 9), "bounced");
    await record(sent.slice(9, 18), "delivered");
    await record(sent.slice(9, 10), "complained");
    expect((await getCampaign(project, id)).status).toBe("sending");
    await record(sent.slice(18, 20), "delivered");
    expect((await getCampaign(project, id)).status).toBe("sending");
    // 20 sends (9 bounced, 11 delivered), now a second complaint: 2 of 20 = 10 % > 4 %.
    await record(sent.slice(10, 11), "complained");
    expect(await getCampaign(project, id)).toMatchObject({
      status: "paused",
      paused: {
        reason: "complaint_rate",
        message: "10 % of the last 20 emails were reported as spam (threshold 4 %).",
        sends: 20,
        threshold_percent: 4,
      },
    });
    expect(await pausedWebhooks(project.id, "campaign.paused")).toHaveLength(1);
  });

  it("pauses a live automation and its runs on its latest live sends; resume goes live again", async () => {
    const project = await projectWithContacts(0);
    const automation = await liveAutomation(project);
    const automationId = automation.id;
    const insertSends = (prefix: string, count: number, mode = "live") =>
      insertAutomationSends(project, automation, prefix, count, mode);

    // Test-mode emails never count: 50 simulated bounces trip nothing.
    const simulated = await insertSends("t", 200, "test");
    await record(simulated.slice(0, 50), "bounced");
    expect(
      (await app.api(`/v1/automations/${automationId}`, { key: project.live })).body.status,
    ).toBe("live");

    // 220 emails handed to the provider; 200 delivered, then 12 hard bounces (11 would be 5 %).
    const sent = await insertSends("a", 220);
    await record(sent.slice(0, 200), "delivered");
    await record(sent.slice(200, 212), "bounced");
    const paused = await app.api(`/v1/automations/${automationId}`, { key: project.live });
    expect(paused.body).toMatchObject({
      status: "paused",
      paused: {
        reason: "bounce_rate",
        message: "5.5 % of the last 220 emails hard-bounced (threshold 5 %).",
        sends: 220,
      },
    });
    const hooks = await pausedWebhooks(project.id, "automation.paused");
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.data).toMatchObject({ id: automationId, name: "Welcome series", sends: 220 });
    const runStatuses = async () =>
      new Set(
        (
          await app.runtime.db
            .select({ status: automationRuns.status })
            .from(automationRuns)
            .where(eq(automationRuns.automationId, automationId))
        ).map((r) => r.status),
      );
    expect(await runStatuses()).toEqual(new Set(["paused"]));
    expect(
      (await app.api(`/v1/automations?status=paused`, { key: project.live })).body.data.map(
        (a: { id: string }) => a.id,
      ),
    ).toEqual([automationId]);

    app.clock.advance!(1000);
    const resumed = await app.api(`/v1/automations/${automationId}/resume`, {
      method: "POST",
      key: project.live,
    });
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body).toMatchObject({ status: "live", paused: null });
    expect(await runStatuses()).toEqual(new Set(["delayed"]));
    expectError(
      await app.api(`/v1/automations/${automationId}/resume`, {
        method: "POST",
        key: project.live,
      }),
      409,
      "automation_not_paused",
    );
    // Only sends after the resume count: the old bounces cannot trip it again.
    await record(sent.slice(212, 220), "bounced");
    expect(
      (await app.api(`/v1/automations/${automationId}`, { key: project.live })).body.status,
    ).toBe("live");
  });
  it("a paused automation switched to draft and back to live by PATCH leaves the pause behind", async () => {
    const project = await projectWithContacts(0);
    const automation = await liveAutomation(project);
    const emailIds = await insertAutomationSends(project, automation, "p", 200);
    await record(emailIds.slice(0, 11), "bounced");
    const path = `/v1/automations/${automation.id}`;
    expect((await app.api(path, { key: project.live })).body.status).toBe("paused");

    const draft = await app.api(path, {
      method: "PATCH",
      key: project.live,
      body: { status: "draft" },
    });
    expect(draft.body).toMatchObject({ status: "draft", paused: null });
    const statuses = async () =>
      new Set(
        (
          await app.runtime.db
            .select({ status: automationRuns.status })
            .from(automationRuns)
            .where(eq(automationRuns.automationId, automation.id))
        ).map((r) => r.status),
      );
    expect(await statuses()).toEqual(new Set(["paused"]));
    app.clock.advance!(1000);
    const live = await app.api(path, {
      method: "PATCH",
      key: project.live,
      body: { status: "live" },
    });
    expect(live.body).toMatchObject({ status: "live", paused: null });
    expect(await statuses()).toEqual(new Set(["delayed"]));
    // Going live starts a new window: the earlier sends no longer count.
    await record(emailIds.slice(11, 20), "bounced");
    expect((await app.api(path, { key: project.live })).body.status).toBe("live");
  });

  it.skipIf(TEST_DRIVER !== "postgres")(
    "recording never waits for a campaign row the fan-out holds; the breaker waits and trips once it is free",
    async () => {
      const project = await projectWithContacts(250);
      const id = await sendingCampaign(project);
      await fanOutBatch(app.runtime, id, 250);
      const sent = await campaignEmailIds(id);
      await record(sent.slice(0, 200), "delivered");
      // The fan-out holds the campaign row: the bounces are recorded at once…
      const release = await holdLock(sql`select id from campaigns where id = ${id} for update`);
      const recording = recordOnly(sent.slice(200, 230), "bounced");
      expect(await finishesWithin(recording, 3_000)).toBe(true);
      // …and the breaker waits for the row instead of skipping the campaign (which missed every
      // trip while a campaign fanned out, as the fan-out holds the row almost continuously).
      const judging = judge(await recording, "bounced");
      expect(await finishesWithin(judging, 500)).toBe(false);
      await release();
      await judging;
      expect((await getCampaign(project, id)).status).toBe("paused");

      const automation = await liveAutomation(project);
      const emailIds = await insertAutomationSends(project, automation, "k", 220);
      await record(emailIds.slice(0, 200), "delivered");
      // An executor holds one run: the automation pauses without waiting; that run is left to
      // the executor, which pauses it when it next meets it (execute.ts).
      const releaseRun = await holdLock(
        sql`select id from automation_runs where id = 'run_k1' for update`,
      );
      const tripping = record(emailIds.slice(200, 220), "bounced");
      expect(await finishesWithin(tripping, 3_000)).toBe(true);
      await releaseRun();
      const runs = await app.runtime.db
        .select({ id: automationRuns.id, status: automationRuns.status })
        .from(automationRuns)
        .where(eq(automationRuns.automationId, automation.id));
      expect(runs.filter((r) => r.status !== "paused").map((r) => r.id)).toEqual(["run_k1"]);
      expect(
        (await app.api(`/v1/automations/${automation.id}`, { key: project.live })).body.status,
      ).toBe("paused");
    },
  );

  it("holds the emails a paused campaign had queued, and resuming sends exactly those", async () => {
    const project = await projectWithContacts(30);
    await updateProjectSettings(app.ctx(project.id), { breaker_minimum_sends: 10 });
    // Delivery configured: the fan-out records the emails `sent` with their delivery jobs.
    app.runtime.config.smtpUrl = smtp.url;
    const campaignId = await sendingCampaign(project);
    await fanOutBatch(app.runtime, campaignId);
    const ids = await campaignEmailIds(campaignId);
    expect(ids).toHaveLength(30);
    // Ten go out and three of them bounce: 30 % > 5 % after 10 sends, the breaker trips…
    await record(ids.slice(0, 10), "delivered");
    await record(ids.slice(0, 3), "bounced");
    const status = async () =>
      (await app.api(`/v1/campaigns/${campaignId}`, { key: project.live })).body.status;
    expect(await status()).toBe("paused");

    // …and the twenty still queued are held when their delivery job runs, none on the wire.
    const rest = ids.slice(10);
    const onWire = () => smtp.received.filter((m) => m.to[0]?.startsWith("reader")).length;
    const before = onWire();
    try {
      expect((await deliverEmails(app.runtime, rest)).size).toBe(0);
      const held = await app.runtime.db
        .select({ heldAt: emails.heldAt, status: emails.status })
        .from(emails)
        .where(inArray(emails.id, rest));
      expect(held.every((e) => e.heldAt !== null && e.status === "sent")).toBe(true);
      expect(onWire()).toBe(before);

      // Resume hands exactly the held emails to delivery again: one job each, then delivered.
      const jobsFor = async () => {
        const [row] = await app.runtime.handle.query<{ n: number }>(
          `select count(*)::int as n from pgboss.job where name = 'email-deliver'
             and data->'emailIds' ?| $1::text[]`,
          [rest],
        );
        return Number(row!.n);
      };
      const queuedBefore = await jobsFor();
      await resumeCampaign(app.ctx(project.id), campaignId);
      expect(await jobsFor()).toBe(queuedBefore + rest.length / 10);
      const released = await app.runtime.db
        .select({ heldAt: emails.heldAt })
        .from(emails)
        .where(inArray(emails.id, rest));
      expect(released.every((e) => e.heldAt === null)).toBe(true);
      const outcomes = await deliverEmails(app.runtime, rest);
      expect([...outcomes.values()].every((o) => o.kind === "delivered")).toBe(true);
      expect(onWire()).toBe(before + rest.length);
    } finally {
      app.runtime.config.smtpUrl = undefined;
    }
  });
});
