import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "@/db";
import { insertRows } from "@/db/bulk-insert";
import {
  campaignRecipients,
  campaigns,
  campaignVariants,
  contacts,
  type Campaign,
  type CampaignVariant,
  type Contact,
} from "@/db/schema";
import type { Config } from "@/lib/core/config";
import type { Clock } from "@/lib/core/clock";
import { NotFoundError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import type { Transports } from "@/lib/core/transports";
import type { JobQueue } from "@/lib/core/jobs/queue";
import type { RuntimeCaches } from "@/lib/core/runtime";
import { domainOf, formatMailbox } from "../sending/addresses";
import { CONTACT_FIELDS, OutboundBatch } from "../sending/outbound";
import { abPlan, startAbWait } from "./ab-test";
import { audienceOf, audienceWhere, countReachable, notSuppressed, optedIn } from "./audience";
import { variantsOf } from "./internal";

export type FanoutDeps = {
  db: Database;
  clock: Clock;
  config: Config;
  jobs: JobQueue;
  transports: Pick<Transports, "canDeliver">;
  caches: Pick<RuntimeCaches, "compiledTemplates" | "projectSettings">;
};
/** `waiting`: an A/B sample is out and the fan-out pauses until a winner is decided. */
export type BatchResult = { done: boolean; waiting?: boolean; emailIds: string[] };

export const FANOUT_BATCH = 200;

/**
 * One step of a campaign's fan-out, in one transaction that locks the campaign row: the next
 * `limit` contacts of the audience after the saved cursor (keyset over contact ids, never
 * OFFSET), minus unsubscribed and suppressed ones (counted), each with one recipient row — unique
 * per (campaign, contact), so a resumed fan-out never sends twice — and its email with its
 * delivery job; the counters and the cursor move in the same commit. A crash loses nothing: the
 * next step starts at the saved cursor. The last step marks the campaign `sent`.
 */
export async function fanOutBatch(
  deps: FanoutDeps,
  campaignId: string,
  limit = FANOUT_BATCH,
): Promise<BatchResult> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [campaign] = await tx
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, campaignId))
      .for("update");
    if (!campaign || campaign.status !== "sending") return { done: true, emailIds: [] };
    const variants = await variantsOf(tx, [campaign.id]);
    const audience = audienceOf(campaign);
    const where = await audienceWhere(tx, audience, now);
    const ab = await abPlan(tx, campaign, variants, () => countReachable(tx, audience, now));
    if (ab.phase === "waiting") {
      await startAbWait(tx, campaign, now);
      return { done: false, waiting: true, emailIds: [] };
    }
    const batch = await nextAudience(
      tx,
      campaign,
      where,
      ab.phase === "sample" ? Math.min(limit, ab.remaining) : limit,
    );
    if (batch.length === 0) {
      await markCampaignSent(tx, campaign.id, now);
      return { done: true, emailIds: [] };
    }
    const eligible = batch.filter((c) => c.reachable);
    const winner = ab.phase === "winner" ? variants.find((v) => v.key === ab.winner) : undefined;
    const emailIds = await sendTo(tx, deps, campaign, winner ? [winner] : variants, eligible, now);
    // Left out by their own choice (unsubscribed, or opted out of the topic); the rest suppressed.
    const unsubscribed = batch.filter((c) => !c.reachable && !c.optedIn).length;
    await tx
      .update(campaigns)
      .set({
        fanoutCursor: batch.at(-1)!.id,
        excludedUnsubscribed: sql`${campaigns.excludedUnsubscribed} + ${unsubscribed}`,
        excludedSuppressed: sql`${campaigns.excludedSuppressed} + ${batch.length - unsubscribed - eligible.length}`,
        updatedAt: now,
      })
      .where(eq(campaigns.id, campaign.id));
    return { done: false, emailIds };
  });
}

type AudienceRow = Pick<Contact, "id" | "email" | "name" | "subscribed" | "source" | "data"> & {
  reachable: boolean;
  optedIn: boolean;
};

async function nextAudience(tx: Executor, campaign: Campaign, where: SQL, limit: number) {
  const audience = audienceOf(campaign);
  // Each probe once per row (the topic's is a subquery PostgreSQL would not share between two
  // expressions): reachable = (a required notice, or opted in) and not suppressed.
  const rows = await tx
    .select({
      ...CONTACT_FIELDS,
      optedIn: sql<boolean>`${audience.requiredNotice ? sql`true` : optedIn(audience)}`,
      notSuppressed: sql<boolean>`${notSuppressed()}`,
    })
    .from(contacts)
    .where(and(where, campaign.fanoutCursor ? gt(contacts.id, campaign.fanoutCursor) : undefined))
    .orderBy(contacts.id)
    .limit(limit);
  return rows.map(({ notSuppressed: clear, ...row }) => ({
    ...row,
    reachable: Boolean(row.optedIn) && Boolean(clear),
  })) as AudienceRow[];
}

/**
 * Recipient rows, emails and counters for eligible contacts, the emails built by the outbound
 * pipeline (marketing: unsubscribe link and headers, postal address, List-Id, Feedback-ID).
 * Variants are assigned by position in the audience (A, B, C, D, A, …): an even split that a
 * resumed fan-out reproduces.
 */
async function sendTo(
  tx: Executor,
  deps: FanoutDeps,
  campaign: Campaign,
  variants: CampaignVariant[],
  eligible: AudienceRow[],
  now: Date,
): Promise<string[]> {
  if (eligible.length === 0 || !campaign.templateId) return [];
  const outbound = new OutboundBatch(tx, deps, now);
  const template = await outbound.template(campaign.projectId, campaign.templateId);
  if (!template) throw new NotFoundError("template", campaign.templateId);
  // The sender was checked when the campaign was sent; delivery refuses an unverified domain.
  const sender = {
    from: formatMailbox({ name: campaign.fromName, address: campaign.fromEmail }),
    address: campaign.fromEmail,
    domain: domainOf(campaign.fromEmail),
  };
  // One query for the batch (the audience query already left suppressed contacts out; this
  // read is the pipeline's own, and catches an address suppressed since).
  await outbound.loadSuppressions(
    campaign.projectId,
    eligible.map((c) => c.email),
  );
  // Position in the audience so far (a single winner variant takes everybody after the sample).
  const start = variants.length > 1 ? variants.reduce((sum, v) => sum + v.recipients, 0) : 0;
  const prepared = [];
  for (const [i, contact] of eligible.entries()) {
    const variant = variants[(start + i) % variants.length]!;
    const sent = await outbound.add({
      projectId: campaign.projectId,
      type: "campaign",
      mode: "live",
      sender,
      to: { address: contact.email, name: contact.name },
      contact,
      content: {
        template,
        subject: variant.subject,
        previewText: campaign.previewText,
        defaults: campaign.variables,
      },
      campaign: { id: campaign.id, variant: variant.key },
      topicId: campaign.topicId,
      requiredNotice: campaign.requiredNotice,
    });
    if (sent.status !== "suppressed") prepared.push({ contact, variant, id: sent.id });
  }
  const inserted = await insertRows<typeof campaignRecipients, { contact_id: string }>(
    tx,
    campaignRecipients,
    prepared.map((p) => ({
      id: newId("rcp", now.getTime()),
      projectId: campaign.projectId,
      campaignId: campaign.id,
      contactId: p.contact.id,
      variant: p.variant.key,
      emailId: p.id,
      status: "sent" as const,
      createdAt: now,
    })),
    sql`on conflict do nothing returning contact_id`,
  );
  // A resumed fan-out may meet contacts that already have their email: theirs are not inserted.
  const fresh = new Set(inserted.map((r) => r.contact_id));
  const emails = prepared.filter((p) => fresh.has(p.contact.id));
  const kept = new Set(emails.map((p) => p.id));
  await outbound.flush((email) => kept.has(email.row.id));
  const perVariant = new Map<string, number>();
  for (const p of emails) perVariant.set(p.variant.key, (perVariant.get(p.variant.key) ?? 0) + 1);
  // Row by row in key order, as the delivery writers lock these rows (counters.ts).
  for (const [key, n] of [...perVariant].sort(([a], [b]) => a.localeCompare(b))) {
    await tx
      .update(campaignVariants)
      .set({
        recipients: sql`${campaignVariants.recipients} + ${n}`,
        sent: sql`${campaignVariants.sent} + ${n}`,
      })
      .where(
        and(eq(campaignVariants.campaignId, campaign.id), eq(campaignVariants.key, key as "A")),
      );
  }
  return emails.map((p) => p.id);
}

/** The campaign's audience is done (or, inline, its cap reached): nothing more goes out. */
export async function markCampaignSent(tx: Executor, campaignId: string, now: Date) {
  await tx
    .update(campaigns)
    .set({ status: "sent", sentAt: now, updatedAt: now })
    .where(eq(campaigns.id, campaignId));
}
