import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignRecipients, emails } from "@/db/schema";
import { sendCampaign } from "@/lib/campaigns/send";
import { EMAILS_PER_DELIVERY_JOB } from "@/lib/jobs/names";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../support/app";
import { startSmtpServer, waitFor } from "../support/smtp-server";
import { crashTestWorkerEnv, spawnWorker, stopWorker } from "../support/worker-process";

/**
 * A worker killed with SIGKILL in the middle of a 5,000-recipient campaign: another worker
 * resumes the fan-out at its saved cursor and the deliveries, and every recipient gets exactly
 * one email at the SMTP server. PostgreSQL only (worker processes share the database).
 */
const RECIPIENTS = 5000;
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;

beforeAll(async () => {
  if (TEST_DRIVER !== "postgres") return;
  smtp = await startSmtpServer();
  app = await startTestApp({ worker: "off", env: { SMTP_URL: smtp.url } });
  project = await app.createProject({ domain: "mail.test" });
  await app.runtime.handle.query(
    `insert into contacts (id, project_id, email, subscribed, source, data, created_at, updated_at)
     select 'ct_crash' || lpad(g::text, 6, '0'), $1, 'crash' || g || '@example.com', true, 'import', '{}', now(), now()
     from generate_series(1, ${RECIPIENTS}) g`,
    [project.id],
  );
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe(`campaign worker crash (${TEST_DRIVER})`, () => {
  it.skipIf(TEST_DRIVER !== "postgres")(
    "a worker killed mid-send: the campaign resumes in another worker, each recipient gets one email",
    async () => {
      const created = await app.api("/v1/campaigns", {
        method: "POST",
        key: project.live,
        body: {
          name: "Big",
          subject: "Hello {{email}}",
          from_name: "Acme",
          from_email: "news@mail.test",
          template: "tpl_system_newsletter_digest",
        },
      });
      expect(created.status, created.text).toBe(201);
      const id = created.body.id as string;
      // Queued for worker processes, as a web process with WORKER=external would do.
      const ctx = app.ctx(project.id);
      await sendCampaign({ ...ctx, config: { ...ctx.config, worker: "external" } }, id);

      const env = crashTestWorkerEnv(app.runtime.config.databaseUrl!, smtp.url);
      const recipients = async () => {
        const [row] = await app.runtime.db
          .select({ n: count() })
          .from(campaignRecipients)
          .where(eq(campaignRecipients.campaignId, id));
        return Number(row!.n);
      };
      const first = spawnWorker(env);
      await waitFor(
        async () => (await recipients()) >= 500 && smtp.received.length > 50,
        60_000,
        "sending under way",
      );
      // Crash with deliveries in flight: held replies are never accepted once the client is gone.
      smtp.hold();
      await waitFor(() => smtp.heldCount() > 0, 10_000, "deliveries in flight");
      await new Promise((r) => setTimeout(r, 500));
      await stopWorker(first, "SIGKILL");
      await new Promise((r) => setTimeout(r, 500));
      smtp.release();
      expect(await recipients(), "killed before the fan-out finished").toBeLessThan(RECIPIENTS);

      const second = spawnWorker(env);
      try {
        await waitFor(
          async () => {
            const [row] = await app.runtime.db
              .select({ n: count() })
              .from(emails)
              .where(and(eq(emails.campaignId, id), eq(emails.status, "delivered")));
            return Number(row!.n) === RECIPIENTS;
          },
          150_000,
          "every email delivered",
        );
      } finally {
        await stopWorker(second);
      }
      expect(await recipients()).toBe(RECIPIENTS);
      const campaign = await app.api(`/v1/campaigns/${id}`, { key: project.live });
      expect(campaign.body).toMatchObject({ status: "sent", stats: { recipients: RECIPIENTS } });
      const perRecipient = new Map<string, number>();
      for (const m of smtp.received)
        perRecipient.set(m.to[0]!, (perRecipient.get(m.to[0]!) ?? 0) + 1);
      expect(perRecipient.size).toBe(RECIPIENTS);
      expect([...perRecipient.entries()].filter(([, n]) => n !== 1)).toEqual([]);
      // Emails of a fan-out batch share delivery jobs (EMAILS_PER_DELIVERY_JOB), not one each.
      const [jobs] = await app.runtime.handle.query<{ n: number }>(
        `select count(*)::int as n from (
           select id from pgboss.job where name = 'email-deliver'
           union all select id from pgboss.archive where name = 'email-deliver') j`,
      );
      expect(jobs!.n).toBeLessThanOrEqual(RECIPIENTS / EMAILS_PER_DELIVERY_JOB + 100);
    },
    240_000,
  );
});
