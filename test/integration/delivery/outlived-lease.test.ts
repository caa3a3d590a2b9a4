import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryClaims, emails } from "@/db/schema";
import type { Transports } from "@/lib/core/transports";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/**
 * pg-boss gives up on a handler that outlives its job's lease (JOB_LEASE_SECONDS) and retries
 * the job while the handler still runs. Seen in the campaign crash test: a delivery run slowed
 * by the database going away outlived its lease; the job's retry found the run's emails claimed
 * and completed the job; then the run failed (its relay read hit the outage) and gave its claims
 * back — 51 emails left `sent`, unclaimed, with no job to deliver them. Here the run is stalled
 * in its relay read on purpose, and fails once the job's retry has run.
 */
const LEASE_SECONDS = 2;
let app: TestApp;
let project: TestProject;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    worker: "embedded",
    config: { smtpUrl: smtp.url, jobLeaseSeconds: LEASE_SECONDS, queueMaintenanceSeconds: 1 },
  });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/**
 * The transports of the app, with the relay read of emails to `to` stalled until `fail()`, then
 * failing as a read does when the database went away.
 */
function stallRelayRead(transports: Transports, to: string) {
  const forEmail = transports.forEmail.bind(transports);
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const stalled = { reads: 0 };
  transports.forEmail = async (email) => {
    if ((email as { to?: string }).to !== to) return forEmail(email);
    if (stalled.reads++ > 0) return forEmail(email);
    await opened;
    throw Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
  };
  return {
    stalled,
    fail: open,
    restore: () => {
      transports.forEmail = forEmail;
    },
  };
}

type JobRow = { id: string; state: string; retry_count: number };

describe(`a delivery run that outlives its job's lease (${TEST_DRIVER})`, () => {
  it("and then fails leaves its emails to a job that delivers them, once", async () => {
    const to = "outlived@example.com";
    const relay = stallRelayRead(app.runtime.transports, to);
    try {
      const sent = await app.api("/v1/send", {
        method: "POST",
        key: project.live,
        body: { from: "hello@mail.test", to, subject: "Hi", html: "x" },
      });
      expect(sent.status, sent.text).toBe(200);
      const id = sent.body.id as string;
      const jobOf = async () =>
        (
          await app.runtime.handle.query<JobRow>(
            `select id, state, retry_count from pgboss.job
              where name = 'email-deliver' and data->'emailIds' ? $1`,
            [id],
          )
        )[0];
      const email = async () =>
        (await app.runtime.db.select().from(emails).where(eq(emails.id, id)))[0]!;
      const claimOf = async (emailId: string) =>
        (
          await app.runtime.db
            .select()
            .from(deliveryClaims)
            .where(eq(deliveryClaims.emailId, emailId))
        )[0] ?? null;

      // Retries come after a backoff of 5 s and more: the test does not wait it out.
      const hurry = (jobId: string) =>
        app.runtime.handle.query(`update pgboss.job set start_after = now() where id = $1`, [
          jobId,
        ]);

      // The first run claims the email and stalls in its relay read; pg-boss gives up on it after
      // the lease and retries the job, whose run finds the email claimed (renewed by the first).
      const timedOut = await waitFor(
        async () => {
          const job = await jobOf();
          return job?.state === "retry" ? job : null;
        },
        10_000,
        "pg-boss to give up on the first run",
      );
      await hurry(timedOut.id);
      await waitFor(
        async () => {
          const job = await jobOf();
          return job && job.retry_count >= 1 && job.state !== "active";
        },
        10_000,
        "the job's retry to have run",
      );
      expect(relay.stalled.reads, "the retry sent nothing: the email was claimed").toBe(1);
      expect(await claimOf(id)).not.toBeNull();

      // Now the first run fails, and gives its claim back.
      relay.fail();
      await waitFor(async () => (await claimOf(id)) === null, 5_000, "the release");
      const after = await jobOf();
      expect(
        ["created", "retry", "active"].includes(after!.state),
        `the email, unclaimed and still to deliver, has a job that will run (job ${JSON.stringify(after)})`,
      ).toBe(true);

      // The job's next retry delivers it, once.
      await hurry(timedOut.id);
      await waitFor(async () => (await email()).status === "delivered", 10_000, "the delivery");
      expect(smtp.received.filter((m) => m.to[0] === to)).toHaveLength(1);
    } finally {
      relay.restore();
    }
  }, 30_000);
});
