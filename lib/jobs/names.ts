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
} as const;
export type JobName = (typeof JOBS)[keyof typeof JOBS];

export const PRIORITY = { transactional: 30, automation: 20, campaign: 10, webhook: 25 } as const;

export type JobPayloads = {
  [JOBS.deliverEmail]: { emailId: string };
  /** `attempt`/`due` name a scheduled retry (a stale duplicate does nothing); `replay` a manual one. */
  [JOBS.deliverWebhook]: { deliveryId: string; attempt?: number; due?: string; replay?: boolean };
  /** Runs the dispatcher found due (lib/automations/dispatch.ts). */
  [JOBS.advanceRuns]: { runIds: string[] };
  /** Sends the next batches of a campaign's audience (lib/campaigns/send.ts). */
  [JOBS.fanOutCampaign]: { campaignId: string };
  /** Imports an uploaded contact file (lib/imports/process.ts). */
  [JOBS.importContacts]: { importId: string };
};
