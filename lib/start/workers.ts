import { dispatchDueRuns } from "../automations/dispatch";
import { decideAbWinners } from "../campaigns/ab-test";
import { runCampaignFanout, startDueCampaigns } from "../campaigns/send";
import { executeRuns } from "../automations/execute";
import { failContactImport, processContactImport } from "../imports/process";
import { deliverEmailBatch } from "../sending/deliver";
import { requeueLapsedDeliveries } from "../sending/claims";
import { releaseQueuedEmails } from "../sending/sweep";
import type { Runtime } from "@/lib/core/runtime";
import { deliverWebhookBatch } from "../webhooks/deliver";
import { JOBS } from "@/lib/core/jobs/names";
import { DuePoller } from "./due-poller";
import { startBounceMailboxPoller } from "../inbound/mailbox";
import { serveBounceReceiver } from "../inbound/serve-receiver";
import { judgeBreakers } from "../deliverability/check-breakers";
import { surviveDatabaseRestarts } from "./process-guards";

/**
 * Wires job handlers to the queue: inside `npm start` (WORKER=embedded), in each `npm run worker`
 * process (WORKER=external), and in tests. Handlers are idempotent: a job retried after a crash
 * re-reads its row and does only what is still undone.
 */
export async function startWorkers(runtime: Runtime) {
  surviveDatabaseRestarts();
  // At most 10 jobs × EMAILS_PER_DELIVERY_JOB emails per handler. Its emails are claimed for
  // JOB_LEASE_SECONDS, renewed while it works (lib/sending/claims.ts): a queue lease that lapses
  // under a slow relay hands the job to another worker, which finds them claimed.
  await runtime.jobs.work(JOBS.deliverEmail, { concurrency: 2, batchSize: 10 }, (jobs) =>
    deliverEmailBatch(runtime, jobs),
  );
  await runtime.jobs.work(JOBS.deliverWebhook, { concurrency: 2, batchSize: 10 }, (jobs) =>
    deliverWebhookBatch(runtime, jobs),
  );
  await runtime.jobs.work(JOBS.advanceRuns, { concurrency: 2, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) await executeRuns(runtime, job.data.runIds);
  });
  await runtime.jobs.work(JOBS.fanOutCampaign, { concurrency: 1, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) await runCampaignFanout(runtime, job.data.campaignId);
  });
  await runtime.jobs.work(JOBS.importContacts, { concurrency: 1, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) {
      try {
        await processContactImport(runtime, job.data.importId);
      } catch (error) {
        // The last retry: say so on the import instead of leaving it "running" for ever.
        if (job.retryCount >= job.retryLimit)
          await failContactImport(runtime, job.data.importId, error);
        throw error;
      }
    }
  });
  await runtime.jobs.work(JOBS.checkBreakers, { concurrency: 1, batchSize: 10 }, async (jobs) => {
    for (const job of jobs) await judgeBreakers(runtime, job.data.events);
  });
  await runtime.jobs.work(JOBS.releaseQueued, { concurrency: 1, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) await releaseQueuedEmails(runtime, { projectId: job.data.projectId });
  });
  await startInbound(runtime);
  const poller = new DuePoller(runtime, [
    dispatchDueRuns,
    startDueCampaigns,
    decideAbWinners,
    requeueLapsedDeliveries,
  ]);
  const stopListening = runtime.dueWork.listen(() => poller.wake());
  poller.start();
  runtime.jobs.onStop(async () => {
    stopListening();
    await poller.stop();
  });
}

/**
 * Where bounces and complaints come back (DECISIONS §9): the SMTP receiver when INBOUND_SMTP_PORT
 * is set, the IMAP mailbox when BOUNCE_MAILBOX_URL is. Every worker process starts them; on one
 * host one process serves the port and the others stand by to take it over if it dies (any of
 * them can record a report).
 */
async function startInbound(runtime: Runtime) {
  const { inboundSmtpPort, inboundSmtpHost, bounceMailboxUrl } = runtime.config;
  if (inboundSmtpPort !== undefined) {
    const receiver = await serveBounceReceiver(runtime, {
      port: inboundSmtpPort,
      host: inboundSmtpHost,
    });
    runtime.jobs.onStop(() => receiver.stop());
  }
  if (bounceMailboxUrl) {
    const poller = startBounceMailboxPoller(
      runtime,
      bounceMailboxUrl,
      runtime.config.bounceMailboxPollSeconds,
    );
    runtime.jobs.onStop(() => poller.stop());
  }
}
