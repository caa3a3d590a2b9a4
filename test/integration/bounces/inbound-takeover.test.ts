import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveBounceReceiver } from "@/lib/inbound/receiver";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { deliverReport, dsnFor, type Original } from "../../support/reports";
import { startSmtpServer, waitFor } from "../../support/smtp-server";
import { freePort, greeting, servesSmtp } from "../../support/ports";
import { spawnRunningWorkers, stopWorker } from "../../support/worker-process";

/**
 * Every worker process starts the bounce receiver (DECISIONS §9); on one host only one can bind
 * INBOUND_SMTP_PORT. When that one dies (kill -9 included), another takes the port over within
 * seconds: bounces are never refused for long because a worker crashed.
 */
let app: TestApp;
let project: TestProject;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ worker: "embedded", env: { SMTP_URL: smtp.url } });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** An email delivered to the test SMTP server: what a bounce can name. */
async function deliveredEmail(to: string): Promise<Original & { id: string }> {
  const sent = await app.api("/v1/send", {
    method: "POST",
    key: project.live,
    body: { from: "Acme <hello@mail.test>", to, subject: "Hello", html: "<p>Hello</p>" },
  });
  expect(sent.status, sent.text).toBe(200);
  const message = await waitFor(
    () => smtp.received.find((m) => m.messageId === sent.body.messageId),
    15_000,
    `${to} on the wire`,
  );
  return { id: sent.body.id, to, messageId: sent.body.messageId, returnPath: message.from };
}

const emailStatus = async (id: string) =>
  (await app.api(`/v1/emails/${id}`, { key: project.live })).body.status as string;

describe(`the bounce receiver's port (${TEST_DRIVER})`, () => {
  it.skipIf(TEST_DRIVER !== "postgres")(
    "a worker process killed with SIGKILL: another takes its port over within seconds, and bounces are still recorded",
    async () => {
      const original = await deliveredEmail("gone-after-crash@example.com");
      const port = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: app.runtime.config.databaseUrl,
        SMTP_URL: smtp.url,
        INBOUND_SMTP_PORT: String(port),
        INBOUND_SMTP_HOST: "127.0.0.1",
      };
      const workers = await spawnRunningWorkers(env, 2);
      try {
        const saysListening = (w: (typeof workers)[number]) =>
          w.lines.some((l) => l.includes("bounce receiver listening"));
        const holder = workers.find(saysListening)!;
        const survivor = workers.find((w) => w !== holder)!;
        expect(holder, "one worker serves the port").toBeDefined();
        expect(saysListening(survivor)).toBe(false);
        expect(await greeting(port)).toMatch(/^220 .*Mailwright bounce receiver/);

        await stopWorker(holder.child, "SIGKILL");
        const killedAt = Date.now();
        await waitFor(() => servesSmtp(port), 15_000, "the port served again");
        const takeoverMs = Date.now() - killedAt;
        console.log(`[takeover] port served again ${takeoverMs} ms after SIGKILL`);
        expect(takeoverMs).toBeLessThan(5_000);
        await waitFor(() => saysListening(survivor), 5_000, "the survivor says it listens");
        // It said once that the port was taken, not at every attempt.
        expect(survivor.lines.filter((l) => l.includes("served by another process"))).toHaveLength(
          1,
        );

        expect(await deliverReport(port, original.returnPath, dsnFor(original))).toMatch(/^250/);
        expect(await emailStatus(original.id)).toBe("bounced");
      } finally {
        for (const worker of workers) await stopWorker(worker.child, "SIGKILL");
      }
    },
    180_000,
  );

  it("stops trying when its process stops: a port freed later stays free", async () => {
    const port = await freePort();
    const holder = net.createServer((socket) => socket.end("554 someone else\r\n"));
    await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", resolve));
    const receiver = await serveBounceReceiver(app.runtime, {
      port,
      host: "127.0.0.1",
      retryMs: 50,
    });
    await receiver.stop();
    await new Promise<void>((resolve) => holder.close(() => resolve()));
    // Absence can only be watched for a while: here 20 retry periods.
    const watchUntil = Date.now() + 1_000;
    while (Date.now() < watchUntil) {
      await expect(greeting(port)).rejects.toMatchObject({ code: "ECONNREFUSED" });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  // Last: a second test app installs its runtime for the route handlers and closes it after.
  it("a worker whose port was taken serves it once it frees up", async () => {
    const port = await freePort();
    const holder = net.createServer((socket) => socket.end("554 someone else\r\n"));
    await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", resolve));
    const worker = await startTestApp({
      worker: "embedded",
      config: { inboundSmtpPort: port, inboundSmtpHost: "127.0.0.1" },
    });
    try {
      expect(await greeting(port)).toMatch(/^554 someone else/);
      await new Promise<void>((resolve) => holder.close(() => resolve()));
      const freedAt = Date.now();
      await waitFor(() => servesSmtp(port), 10_000, "the port taken over");
      const takeoverMs = Date.now() - freedAt;
      console.log(`[takeover] port served ${takeoverMs} ms after it was freed`);
      expect(takeoverMs).toBeLessThan(5_000);
    } finally {
      await worker.close();
    }
    await expect(greeting(port)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
