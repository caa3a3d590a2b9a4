import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "@/db/schema";
import { JobQueue } from "@/lib/core/jobs/queue";
import { queueOptions } from "@/lib/start/runtime";
import { startWorkers } from "@/lib/start/workers";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer, waitFor } from "../../support/smtp-server";
import { crashTestWorkerEnv, spawnWorker, stopWorker } from "../../support/worker-process";

/**
 * Nothing is lost and nothing is sent twice when the workers die or restart mid-delivery.
 * The SMTP server holds its 250 replies so deliveries are in flight at the moment of the crash;
 * a message counts as received only once the server accepted it.
 */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    worker: "off",
    config: { smtpUrl: smtp.url, jobLeaseSeconds: 2, queueMaintenanceSeconds: 1 },
  });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function sendMany(count: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await app.api("/v1/send", {
      method: "POST",
      key: project.live,
      body: {
        from: "hello@mail.test",
        to: `${prefix}${i}@example.com`,
        subject: `n${i}`,
        html: `<p>${i}</p>`,
      },
    });
    expect(res.status, res.text).toBe(200);
    ids.push(res.body.id);
  }
  return ids;
}

async function expectEachDeliveredOnce(ids: string[], prefix: string) {
  await waitFor(
    async () => {
      const rows = await app.runtime.db
        .select({ status: emails.status })
        .from(emails)
        .where(inArray(emails.id, ids));
      return rows.every((r) => r.status === "delivered");
    },
    60_000,
    "every email delivered",
  );
  const received = smtp.received.filter((m) => m.to[0]?.startsWith(prefix));
  const perRecipient = new Map<string, number>();
  for (const m of received) perRecipient.set(m.to[0]!, (perRecipient.get(m.to[0]!) ?? 0) + 1);
  expect(perRecipient.size).toBe(ids.length);
  expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
}

describe(`queue crash and restart (${TEST_DRIVER})`, () => {
  it("a graceful worker restart mid-run loses and duplicates nothing", async () => {
    const ids = await sendMany(40, "graceful");
    smtp.hold();
    await startWorkers(app.runtime);
    await waitFor(() => smtp.heldCount() > 0, 10_000, "deliveries in flight");
    // Graceful stop waits for the running handlers: release the server so they can finish.
    const stopping = app.runtime.jobs.stop(20_000);
    smtp.release();
    await stopping;
    // A fresh queue, as a restarted process would have.
    app.runtime.jobs = new JobQueue(app.runtime.handle, {
      ...queueOptions(app.runtime.config),
      supervise: true,
    });
    await app.runtime.jobs.start();
    await startWorkers(app.runtime);
    await expectEachDeliveredOnce(ids, "graceful");
  });

  it.skipIf(TEST_DRIVER !== "postgres")(
    "a worker process killed with SIGKILL mid-delivery: its jobs are retried by another worker, each email arrives once",
    async () => {
      await app.runtime.jobs.stop(5_000);
      const ids = await sendMany(60, "killed");
      const env = crashTestWorkerEnv(app.runtime.config.databaseUrl!, smtp.url);
      // A few accepted, the rest held mid-flight: pipelined delivery can finish all 60 between
      // seeing the first one and a later hold() (this test timed out so in CI).
      smtp.holdAfter(5);
      const first = spawnWorker(env);
      await waitFor(
        () => smtp.received.some((m) => m.to[0]?.startsWith("killed")),
        30_000,
        "first deliveries",
      );
      await waitFor(() => smtp.heldCount() > 0, 10_000, "deliveries in flight");
      // Let the deliveries accepted before the hold be recorded, then crash mid-flight.
      await new Promise((r) => setTimeout(r, 500));
      await stopWorker(first, "SIGKILL");
      // The server must see the dead client's connections close before it releases the held
      // replies: a message whose client is gone was never accepted.
      await new Promise((r) => setTimeout(r, 500));
      smtp.release();
      const second = spawnWorker(env);
      try {
        await expectEachDeliveredOnce(ids, "killed");
      } finally {
        await stopWorker(second);
      }
    },
    90_000,
  );
});
