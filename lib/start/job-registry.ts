import type { JobHandler } from "@/lib/core/jobs/kind";
import type { Runtime } from "@/lib/core/runtime";
import { advanceRunsHandler } from "@/lib/automations/handlers";
import { fanOutCampaignHandler } from "@/lib/campaigns/handlers";
import { judgeBreakersHandler } from "@/lib/deliverability/handlers";
import { importContactsHandler } from "@/lib/imports/handlers";
import { deliverEmailHandler, releaseQueuedHandler } from "@/lib/sending/handlers";
import { deliverWebhookHandler } from "@/lib/webhooks/handlers";

/**
 * Every kind of job the queue carries, with its handler: each kind is declared in its domain's
 * `jobs.ts` (name, payload schema, retry policy) and handled in its `handlers.ts`. Every worker
 * process works all of them (lib/start/workers.ts); every process creates their queues.
 */
export const JOB_HANDLERS: readonly JobHandler<Runtime>[] = [
  deliverEmailHandler,
  releaseQueuedHandler,
  deliverWebhookHandler,
  advanceRunsHandler,
  fanOutCampaignHandler,
  importContactsHandler,
  judgeBreakersHandler,
];

export const QUEUE_NAMES: readonly string[] = JOB_HANDLERS.map((handler) => handler.kind.name);
