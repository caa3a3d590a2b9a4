/**
 * Every job the queue carries. Email deliveries share one queue so pg-boss's priority ordering
 * applies across types: transactional before automation before campaign.
 */
export const JOBS = {
  deliverEmail: "email-deliver",
  deliverWebhook: "webhook-deliver",
  advanceRuns: "automation-advance",
  fanOutCampaign: "campaign-fanout",
  importContacts: "contact-import",
  checkBreakers: "breaker-check",
  releaseQueued: "delivery-release",
} as const;
export type JobName = (typeof JOBS)[keyof typeof JOBS];

/**
 * Emails recorded in one transaction (a campaign batch, an automation batch) are delivered by
 * jobs of this many: a 1M-recipient campaign is 100,000 queue rows to write, fetch and complete,
 * not a million.
 */
export const EMAILS_PER_DELIVERY_JOB = 10;

export const PRIORITY = { transactional: 30, automation: 20, campaign: 10, webhook: 25 } as const;

export type JobPayloads = {
  /** Emails recorded together share a job (up to EMAILS_PER_DELIVERY_JOB); `emailId`: older jobs. */
  [JOBS.deliverEmail]: { emailIds?: string[]; emailId?: string };
  /** `attempt`/`due` name a scheduled retry (a stale duplicate does nothing); `replay` a manual one. */
  [JOBS.deliverWebhook]: { deliveryId: string; attempt?: number; due?: string; replay?: boolean };
  /** Runs the dispatcher found due (lib/automations/dispatch.ts). */
  [JOBS.advanceRuns]: { runIds: string[] };
  /** Sends the next batches of a campaign's audience (lib/campaigns/send.ts). */
  [JOBS.fanOutCampaign]: { campaignId: string };
  /** Imports an uploaded contact file (lib/imports/process.ts). */
  [JOBS.importContacts]: { importId: string };
  /** Bounces and complaints just recorded, for the circuit breaker (lib/deliverability/check-breakers.ts). */
  /** A project can deliver now (relays saved): its `queued` mail goes out (lib/sending/sweep.ts). */
  [JOBS.releaseQueued]: { projectId: string };
  [JOBS.checkBreakers]: {
    events: { emailId: string; campaignId: string | null; type: string; now: string }[];
  };
};
