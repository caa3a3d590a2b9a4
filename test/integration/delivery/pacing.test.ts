import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailEvents, emails } from "@/db/schema";
import type { Job } from "@/lib/core/jobs/kind";
import { deliverEmailBatch, deliverEmails } from "@/lib/sending/deliver";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { acceptedSends } from "../../support/sends";
import { startSmtpServer } from "../../support/smtp-server";

/**
 * Issue 25: a receiver answering "too fast" (421 4.7.0) used to get each refused message back
 * 30 s later while the rest of the campaign kept hammering it, and every answer spent one of
 * the message's five attempts. Now the receiver is slowed (AIMD, lib/core/pacing.ts), its mail
 * waits for its slots without spending attempts, and mail to other receivers is not held up.
 */
let app: TestApp;
let project: TestProject;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer({ throttleDomain: "slow.test" });
  app = await startTestApp({ worker: "off", clock: "fake", config: { smtpUrl: smtp.url } });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const accepted = (addresses: string[]) => acceptedSends(app, project.live, addresses);

const rows = (ids: string[]) => app.runtime.db.select().from(emails).where(inArray(emails.id, ids));

/** The delivery jobs pacing queued (emails parked for a slot they took), soonest first. */
async function pacedJobs() {
  return app.runtime.handle.query<{ id: string; data: { emailIds: string[] }; wait_ms: number }>(
    `select id, data, extract(epoch from start_after - now()) * 1000 as wait_ms
       from pgboss.job
      where name = 'email-deliver' and state = 'created' and data->>'paced' = 'true'
      order by start_after, id`,
  );
}

/** Runs queued jobs the way the worker would (handler and all), then removes them. */
async function runJobs(jobs: { id: string; data: { emailIds: string[] } }[]) {
  const asJobs = jobs.map((job) => ({ id: job.id, data: { ...job.data, paced: true } }));
  await deliverEmailBatch(app.runtime, asJobs as unknown as Job<{ emailIds: string[] }>[]);
  await app.runtime.handle.query(`delete from pgboss.job where id = any($1::uuid[])`, [
    jobs.map((job) => job.id),
  ]);
}

describe(`pacing per receiver (${TEST_DRIVER})`, () => {
  it("a receiver answering 421 4.7.0 is slowed and retried; other receivers keep their rate", async () => {
    const wave = (from: number, to: number) => {
      const addresses: string[] = [];
      for (let i = from; i < to; i++) addresses.push(`user${i}@slow.test`, `user${i}@fast.test`);
      return addresses;
    };
    // The first wave meets the throttle; the second comes while it is known.
    const first = await accepted(wave(0, 10));
    const second = await accepted(wave(10, 60));
    const ids = [...first, ...second];
    await deliverEmails(app.runtime, first);
    const tried = () =>
      new Set(smtp.rcptLog.filter((r) => r.address.endsWith("@slow.test")).map((r) => r.address));
    expect(tried().size).toBe(10);
    await deliverEmails(app.runtime, second);

    const after = await rows(ids);
    const fast = after.filter((e) => e.to.endsWith("@fast.test"));
    const slow = after.filter((e) => e.to.endsWith("@slow.test"));
    // Every email to the other receiver went out, none parked.
    expect(fast.map((e) => e.status)).toEqual(fast.map(() => "delivered"));
    expect(fast.every((e) => e.waitingOn === null)).toBe(true);
    // Once the throttling receiver said "too fast", the rest of its mail was parked untried.
    expect(tried().size).toBe(10);
    // Its mail waits, says on whom and why, and spent none of its five attempts.
    expect(slow.map((e) => e.status)).toEqual(slow.map(() => "sent"));
    expect(slow.every((e) => e.sentAt === null && e.attempts === 0)).toBe(true);
    expect(new Set(slow.map((e) => e.waitingOn))).toEqual(new Set(["slow.test"]));
    expect(slow[0]!.waitingReason).toMatch(/4\.7\.0/);
    const events = await app.runtime.db
      .select()
      .from(emailEvents)
      .where(
        inArray(
          emailEvents.emailId,
          slow.map((e) => e.id),
        ),
      );
    const deferred = events.filter((e) => e.type === "deferred");
    expect(deferred.length).toBe(10);
    expect(deferred[0]!.data).toMatchObject({ reason: "throttled", waiting_on: "slow.test" });

    // Queued at the receiver's new pace: slots spread out in time, not all at once.
    const jobs = await pacedJobs();
    expect(jobs.flatMap((j) => j.data.emailIds).sort()).toEqual(slow.map((e) => e.id).sort());
    const waits = jobs.map((j) => Number(j.wait_ms));
    expect(waits[0]).toBeGreaterThan(1_000);
    expect(waits.at(-1)! - waits[0]!).toBeGreaterThan(60_000);

    // The receiver takes mail again: its first slots' jobs deliver, at its pace.
    smtp.setThrottling(false);
    app.clock.advance!(10_000);
    await runJobs(jobs.slice(0, 2));
    const retried = await rows(jobs.slice(0, 2).flatMap((j) => j.data.emailIds));
    expect(retried.map((e) => e.status)).toEqual(retried.map(() => "delivered"));
    expect(retried.every((e) => e.waitingOn === null)).toBe(true);
  });
});
