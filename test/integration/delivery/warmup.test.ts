import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainDailySends, domains, emails } from "@/db/schema";
import { campaignDelivery } from "@/lib/campaigns/report/delivery";
import type { Job } from "@/lib/core/jobs/kind";
import { domainWarmupStatus, setDomainWarmup, WARMUP_DAILY_CAPS } from "@/lib/domains/warmup";
import { deliverEmailBatch, deliverEmails } from "@/lib/sending/deliver";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer } from "../../support/smtp-server";

/**
 * Issue 25: a newly verified domain sends campaign mail under daily caps that grow (warm-up);
 * what is past today's cap waits for tomorrow, says so, and goes then. The fake clock stands
 * for the days.
 */
let app: TestApp;
let project: TestProject;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let domainId: string;
let campaignId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ worker: "off", clock: "fake", config: { smtpUrl: smtp.url } });
  project = await app.createProject({ domain: "mail.test", warmup: true });
  const [domain] = await app.runtime.db
    .select()
    .from(domains)
    .where(eq(domains.projectId, project.id));
  domainId = domain!.id;
  const template = await app.api("/v1/templates", {
    method: "POST",
    key: project.live,
    body: { name: "News", format: "html", subject: "News", source: "<p>Hi</p>" },
  });
  const campaign = await app.api("/v1/campaigns", {
    method: "POST",
    key: project.live,
    body: {
      name: "Launch",
      subject: "Hi",
      from_name: "Acme",
      from_email: "news@mail.test",
      template: template.body.id,
    },
  });
  expect(campaign.status, campaign.text).toBe(201);
  campaignId = campaign.body.id as string;
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** Campaign emails to `count` recipients (recorded as the fan-out would, then tied to it). */
async function campaignEmails(prefix: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await app.api("/v1/send", {
      method: "POST",
      key: project.live,
      body: { from: "news@mail.test", to: `${prefix}${i}@example.com`, subject: "Hi", html: "x" },
    });
    expect(res.status, res.text).toBe(200);
    ids.push(res.body.id as string);
  }
  await app.runtime.db.update(emails).set({ campaignId }).where(inArray(emails.id, ids));
  return ids;
}

const rows = (ids: string[]) => app.runtime.db.select().from(emails).where(inArray(emails.id, ids));

/** Today's sent count under warm-up, set as if the domain had sent that many already. */
async function alreadySentToday(sent: number) {
  const day = app.clock.now().toISOString().slice(0, 10);
  await app.runtime.db
    .insert(domainDailySends)
    .values({ projectId: project.id, domainId, day, sent })
    .onConflictDoUpdate({
      target: [domainDailySends.projectId, domainDailySends.domainId, domainDailySends.day],
      set: { sent },
    });
}

async function warmupJobs(ids: string[]) {
  const jobs = await app.runtime.handle.query<{
    id: string;
    data: { emailIds: string[] };
    wait_ms: number;
  }>(
    `select id, data, extract(epoch from start_after - now()) * 1000 as wait_ms
       from pgboss.job where name = 'email-deliver' and state = 'created' and start_after > now()`,
  );
  return jobs.filter((job) => job.data.emailIds.some((id) => ids.includes(id)));
}

describe(`warm-up of a new sending domain (${TEST_DRIVER})`, () => {
  it("caps campaign mail per day; the rest waits for tomorrow and goes then", async () => {
    const ctx = app.ctx(project.id);
    expect(
      await domainWarmupStatus(ctx, { id: domainId, warmup: true, verifiedAt: app.clock.now() }),
    ).toEqual({
      on: true,
      today: { day: 1, days: 15, cap: WARMUP_DAILY_CAPS[0], sent: 0 },
    });
    await alreadySentToday(WARMUP_DAILY_CAPS[0]! - 3);
    const ids = await campaignEmails("warm", 6);

    await deliverEmails(app.runtime, ids);

    const after = await rows(ids);
    expect(after.filter((e) => e.status === "delivered")).toHaveLength(3);
    const waiting = after.filter((e) => e.status === "sent");
    expect(waiting).toHaveLength(3);
    expect(waiting.every((e) => e.waitingOn === "warm-up" && e.attempts === 0)).toBe(true);
    expect(waiting[0]!.waitingReason).toMatch(/^Warm-up day 1 of 15 for mail\.test/);
    expect((await campaignDelivery(ctx, campaignId)).waiting).toEqual([
      { on: "warm-up", reason: waiting[0]!.waitingReason, count: 3 },
    ]);
    // Queued for the next UTC midnight (the fake clock says noon).
    const jobs = await warmupJobs(ids);
    expect(jobs.flatMap((j) => j.data.emailIds).sort()).toEqual(waiting.map((e) => e.id).sort());
    for (const job of jobs) expect(Number(job.wait_ms)).toBeGreaterThan(11.9 * 3_600_000);

    // The next day: a new, larger allowance.
    app.clock.advance!(12 * 3_600_000 + 1_000);
    await deliverEmailBatch(app.runtime, jobs as unknown as Job<{ emailIds: string[] }>[]);
    expect((await rows(ids)).map((e) => e.status)).toEqual(ids.map(() => "delivered"));
    const [today] = await app.runtime.db
      .select()
      .from(domainDailySends)
      .where(and(eq(domainDailySends.domainId, domainId), eq(domainDailySends.day, "2026-06-02")));
    expect(today!.sent).toBe(3);
  });

  it("switched off, the domain sends at full speed; transactional mail is never capped", async () => {
    await alreadySentToday(WARMUP_DAILY_CAPS[1]!);
    const transactional = await app.api("/v1/send", {
      method: "POST",
      key: project.live,
      body: { from: "hi@mail.test", to: "one@example.com", subject: "Reset", html: "x" },
    });
    await deliverEmails(app.runtime, [transactional.body.id as string]);
    expect((await rows([transactional.body.id as string]))[0]!.status).toBe("delivered");

    const capped = await campaignEmails("capped", 1);
    await deliverEmails(app.runtime, capped);
    expect((await rows(capped))[0]!.waitingOn).toBe("warm-up");

    const ctx = app.ctx(project.id);
    const domain = await setDomainWarmup(ctx, domainId, false);
    expect(await domainWarmupStatus(ctx, domain)).toEqual({ on: false, today: null });
    const free = await campaignEmails("free", 2);
    await deliverEmails(app.runtime, free);
    expect((await rows(free)).map((e) => e.status)).toEqual(["delivered", "delivered"]);
  });
});
