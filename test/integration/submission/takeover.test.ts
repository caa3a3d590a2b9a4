import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { freePort, greeting, servesSmtp } from "../../support/ports";
import { startSmtpServer, waitFor } from "../../support/smtp-server";
import { spawnRunningWorkers, stopWorker } from "../../support/worker-process";

/**
 * Every `npm run worker` starts the submission relay (DECISIONS §16); on one host one of them
 * serves SMTP_SUBMISSION_PORT and another takes it over when it dies, so apps that only speak
 * SMTP are not turned away for long because a worker crashed.
 */
let app: TestApp;
let project: TestProject;
let sink: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  sink = await startSmtpServer();
  app = await startTestApp({ env: { SMTP_URL: sink.url } });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
});

describe(`the submission relay in worker processes (${TEST_DRIVER})`, () => {
  it.skipIf(TEST_DRIVER !== "postgres")(
    "one worker serves the port, another takes it over after SIGKILL, and a submission is delivered",
    async () => {
      const port = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: app.runtime.config.databaseUrl,
        SMTP_URL: sink.url,
        SMTP_SUBMISSION_PORT: String(port),
        SMTP_SUBMISSION_HOST: "127.0.0.1",
      };
      const workers = await spawnRunningWorkers(env, 2);
      try {
        const saysListening = (w: (typeof workers)[number]) =>
          w.lines.some((l) => l.includes("submission relay listening"));
        const holder = workers.find(saysListening);
        expect(holder, "one worker serves the port").toBeDefined();
        const survivor = workers.find((w) => w !== holder)!;
        expect(await greeting(port)).toMatch(/^220 .*Mailwright submission relay/);

        await stopWorker(holder!.child, "SIGKILL");
        await waitFor(() => servesSmtp(port), 15_000, "the port served again");
        await waitFor(() => saysListening(survivor), 5_000, "the survivor says it listens");

        const info = await nodemailer
          .createTransport({
            host: "127.0.0.1",
            port,
            ignoreTLS: true,
            auth: { user: "app", pass: project.live },
          })
          .sendMail({
            from: "app@mail.test",
            to: "ada@example.com",
            subject: "After takeover",
            text: "x",
          });
        const [id] = /em_[0-9a-z]{26}/.exec(info.response) ?? [];
        await waitFor(
          () => sink.received.find((m) => m.from.includes(id!)),
          30_000,
          "delivered by the surviving worker",
        );
      } finally {
        for (const worker of workers) await stopWorker(worker.child, "SIGKILL");
      }
    },
    180_000,
  );
});
