import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "@/db";
import { automationRuns, automationStepRuns, emails } from "@/db/schema";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer, waitFor } from "../../support/smtp-server";
import { crashTestWorkerEnv, spawnWorker, stopWorker } from "../../support/worker-process";

/**
 * A worker process killed with SIGKILL in the middle of executing runs: another worker picks the
 * runs up and every step happens exactly once — no step record twice, no email twice, none lost.
 * Needs separate worker processes, so PostgreSQL only (PGlite lives in one process).
 */
const RUNS = 300;
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;

beforeAll(async () => {
  if (TEST_DRIVER !== "postgres") return;
  smtp = await startSmtpServer();
  app = await startTestApp({ worker: "off", env: { SMTP_URL: smtp.url } });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe(`automation worker crash (${TEST_DRIVER})`, () => {
  it.skipIf(TEST_DRIVER !== "postgres")(
    "a worker killed mid-run: the runs resume in another worker without duplicate or lost steps",
    async () => {
      const api = (path: string, body?: unknown) =>
        app.api(path, { method: body ? "POST" : "GET", key: project.live, body });
      // A blocks template (React Email render) makes each email step take a few milliseconds.
      const automation = await api("/v1/automations", {
        name: "Bulk",
        trigger: { event: "event", name: "bulk.go" },
        steps: [
          { id: "first", type: "email", templateId: "tpl_system_welcome" },
          { id: "tag", type: "action", action: "add-tag", tag: "bulk" },
          { id: "second", type: "email", templateId: "tpl_system_welcome", subjectOverride: "2" },
        ],
      });
      expect(automation.status, automation.text).toBe(201);
      const id = automation.body.id as string;
      await app.api(`/v1/automations/${id}`, {
        method: "PATCH",
        key: project.live,
        body: { status: "live" },
      });
      for (let i = 0; i < RUNS; i++) {
        const email = `bulk${i}@example.com`;
        await api("/v1/contacts", { email });
        await api("/v1/events", { name: "bulk.go", email });
      }

      const env = crashTestWorkerEnv(app.runtime.config.databaseUrl!, smtp.url);
      const finished = async () => {
        const [row] = await app.runtime.db
          .select({ n: count() })
          .from(automationRuns)
          .where(and(eq(automationRuns.automationId, id), eq(automationRuns.status, "completed")));
        return Number(row!.n);
      };
      const first = spawnWorker(env);
      await waitFor(async () => (await finished()) >= 20, 60_000, "some runs completed");
      await stopWorker(first, "SIGKILL");
      const done = await finished();
      expect(done, "the worker was killed before it finished").toBeLessThan(RUNS);
      // Nothing moves while no worker lives (a surviving process would keep completing runs).
      await new Promise((r) => setTimeout(r, 1500));
      expect(await finished()).toBe(done);

      const second = spawnWorker(env);
      try {
        await waitFor(async () => (await finished()) === RUNS, 90_000, "every run completed");
        // The same worker delivers the mail: wait until every email has an outcome.
        await waitFor(
          async () => {
            const [row] = await app.runtime.db
              .select({ n: count() })
              .from(emails)
              .where(and(eq(emails.projectId, project.id), eq(emails.status, "delivered")));
            return Number(row!.n) === RUNS * 2;
          },
          90_000,
          "every email delivered",
        );
      } finally {
        await stopWorker(second);
      }

      const perRun = await app.runtime.db
        .select({ runId: automationStepRuns.runId, n: count() })
        .from(automationStepRuns)
        .where(eq(automationStepRuns.automationId, id))
        .groupBy(automationStepRuns.runId);
      expect(perRun).toHaveLength(RUNS);
      expect(perRun.every((r) => Number(r.n) === 3)).toBe(true);

      const perContact = await app.runtime.db
        .select({ to: emails.to, n: count() })
        .from(emails)
        .where(and(eq(emails.projectId, project.id), eq(emails.type, "automation")))
        .groupBy(emails.to);
      expect(perContact).toHaveLength(RUNS);
      expect(perContact.filter((r) => Number(r.n) !== 2)).toEqual([]);

      const [tagged] = rowsOf<{ n: number }>(
        await app.runtime.db.execute(
          sql`select count(*)::int as n from contacts where data->'tags' = '["bulk"]'::jsonb`,
        ),
      );
      expect(tagged!.n).toBe(RUNS);

      const received = new Map<string, number>();
      for (const m of smtp.received) received.set(m.to[0]!, (received.get(m.to[0]!) ?? 0) + 1);
      expect(received.size).toBe(RUNS);
      expect([...received.values()].every((n) => n === 2)).toBe(true);
    },
    240_000,
  );
});
