import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { saveRelay } from "@/lib/delivery/relays";
import { savePublicUrl } from "@/lib/instance/public-url";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer, waitFor } from "../../support/smtp-server";
import { spawnWorker, stopWorker } from "../../support/worker-process";

/**
 * DECISIONS §12: a relay saved in one process is used by every worker process within 10 s, with
 * no restart, and mail queued while nothing was configured goes out by itself. The test process
 * is the web process (no workers of its own); deliveries happen in a separate `npm run worker`.
 * PostgreSQL only: processes share the database.
 */
const RELOAD_LIMIT_MS = 10_000;

let app: TestApp;
let first: Awaited<ReturnType<typeof startSmtpServer>>;
let second: Awaited<ReturnType<typeof startSmtpServer>>;
let worker: ChildProcess | undefined;

const postgresOnly = TEST_DRIVER === "postgres" ? describe : describe.skip;

beforeAll(async () => {
  if (TEST_DRIVER !== "postgres") return;
  first = await startSmtpServer();
  second = await startSmtpServer();
  app = await startTestApp({ worker: "off", env: { SMTP_URL: "", RESEND_API_KEY: "" } });
  worker = spawnWorker({
    ...process.env,
    DATABASE_URL: app.runtime.config.databaseUrl!,
    SMTP_URL: "",
    RESEND_API_KEY: "",
    AUTOMATION_POLL_MS: "200",
  });
});
afterAll(async () => {
  if (worker) await stopWorker(worker);
  await app?.close();
  await Promise.all([first?.close(), second?.close()]);
});

const relayTo = (url: string) => ({
  kind: "smtp" as const,
  name: "Relay",
  host: "127.0.0.1",
  port: Number(new URL(url).port),
  tls_mode: "none" as const,
});

async function send(project: TestProject, to: string, html = "<p>Hi</p>") {
  const res = await app.api("/v1/send", {
    method: "POST",
    key: project.live,
    body: { from: "hello@mail.test", to, subject: "Hi", html },
  });
  expect([200, 202], res.text).toContain(res.status);
  return res.body as { id: string; status: string };
}

postgresOnly(`delivery settings in a separate worker process (${TEST_DRIVER})`, () => {
  it("releases queued mail, then follows a changed relay within 10 s, without a restart", async () => {
    const project = await app.createProject({ name: "Hot reload" });
    const ctx = app.ctx(project.id);
    const waiting = await send(project, "queued@example.com");
    expect(waiting.status).toBe("queued");

    const relay = await saveRelay(ctx, null, relayTo(first.url));
    await waitFor(
      () => first.received.some((m) => m.to.includes("queued@example.com")),
      RELOAD_LIMIT_MS + 20_000,
      "the queued email at the first relay",
    );

    // Point the relay elsewhere; keep sending until the worker uses the new one.
    await saveRelay(ctx, relay.id, relayTo(second.url));
    const changedAt = Date.now();
    let n = 0;
    const arrivedAt = await waitFor(
      async () => {
        await send(project, `after-${n++}@example.com`);
        await new Promise((r) => setTimeout(r, 250));
        return second.received[0]?.receivedAt ?? null;
      },
      RELOAD_LIMIT_MS + 5_000,
      "mail at the second relay",
    );
    const reloadMs = arrivedAt - changedAt;
    console.log(`[delivery] a changed relay was used by the worker process after ${reloadMs} ms`);
    expect(reloadMs).toBeLessThanOrEqual(RELOAD_LIMIT_MS);
  }, 60_000);

  it("points links at a public URL saved in another process within 10 s (APP_URL unset)", async () => {
    const project = await app.createProject({ name: "Public URL", domain: "mail.test" });
    const ctx = app.ctx(project.id);
    await saveRelay(ctx, null, relayTo(first.url));
    await savePublicUrl(ctx, "https://mail.reload.example", "admin@reload.example");
    const changedAt = Date.now();
    const link = '<p><a href="https://acme.example/pricing">Pricing</a></p>';
    let n = 0;
    const arrivedAt = await waitFor(
      async () => {
        const to = `link-${n++}@example.com`;
        await send(project, to, link);
        const message = await waitFor(
          () => first.received.find((m) => m.to.includes(to)),
          RELOAD_LIMIT_MS,
          "the email",
        );
        const html = String((await simpleParser(message.raw)).html);
        return html.includes('href="https://mail.reload.example/api/t/c/')
          ? message.receivedAt
          : null;
      },
      RELOAD_LIMIT_MS + 5_000,
      "a link to the saved public URL",
    );
    console.log(
      `[public-url] the worker process used a saved URL after ${arrivedAt - changedAt} ms`,
    );
    expect(arrivedAt - changedAt).toBeLessThanOrEqual(RELOAD_LIMIT_MS);
  }, 60_000);
});
