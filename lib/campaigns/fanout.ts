import { and, eq, gt, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db";
import { insertRows } from "@/db/bulk-insert";
import {
  campaignRecipients,
  campaigns,
  campaignVariants,
  contacts,
  segments,
  suppressions,
  type Campaign,
  type CampaignVariant,
} from "@/db/schema";
import type { Config } from "../config";
import type { Clock } from "../clock";
import { contactVariables } from "../contacts/variables";
import { newId } from "../ids";
import type { JobQueue } from "../jobs/queue";
import { insertOutgoingEmails, newTrackingToken, prepareOutgoingEmail } from "../sending/record";
import { segmentWhere } from "../segments/where";
import type { SegmentConditions } from "../segments/schemas";
import { compileTemplate, type CompiledTemplate } from "../templates/compiled";
import { findReadableTemplateOrThrow } from "../templates/internal";
import { ttlCache } from "../ttl-cache";
import { abPlan, eligibleCount, startAbWait } from "./ab-test";
import { variantsOf } from "./internal";
import { unsubscribeFooter, unsubscribeUrl } from "./unsubscribe-links";

export type FanoutDeps = { db: Database; clock: Clock; config: Config; jobs: JobQueue };
/** `waiting`: an A/B sample is out and the fan-out pauses until a winner is decided. */
export type BatchResult = { done: boolean; waiting?: boolean; emailIds: string[] };

export const FANOUT_BATCH = 200;
const compiled = ttlCache<CompiledTemplate>(10 * 60_000, 100);

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
    const where = await audienceWhere(tx, campaign, now);
    const ab = await abPlan(tx, campaign, variants, () => eligibleCount(tx, where));
    if (ab.phase === "waiting") {
      await startAbWait(tx, campaign, now);
      return { done: false, waiting: true, emailIds: [] };
    }
    const audience = await nextAudience(
      tx,
      campaign,
      where,
      ab.phase === "sample" ? Math.min(limit, ab.remaining) : limit,
    );
    if (audience.length === 0) {
      await tx
        .update(campaigns)
        .set({ status: "sent", sentAt: now, updatedAt: now })
        .where(eq(campaigns.id, campaign.id));
      return { done: true, emailIds: [] };
    }
    const eligible = audience.filter((c) => c.subscribed && !c.suppressed);
    const winner = ab.phase === "winner" ? variants.find((v) => v.key === ab.winner) : undefined;
    const emailIds = await sendTo(tx, deps, campaign, winner ? [winner] : variants, eligible, now);
    await tx
      .update(campaigns)
      .set({
        fanoutCursor: audience.at(-1)!.id,
        excludedUnsubscribed: sql`${campaigns.excludedUnsubscribed} + ${audience.filter((c) => !c.subscribed).length}`,
        excludedSuppressed: sql`${campaigns.excludedSuppressed} + ${audience.filter((c) => c.subscribed && c.suppressed).length}`,
        updatedAt: now,
      })
      .where(eq(campaigns.id, campaign.id));
    return { done: false, emailIds };
  });
}

type AudienceRow = {
  id: string;
  email: string;
  name: string | null;
  subscribed: boolean;
  source: string;
  data: Record<string, unknown>;
  suppressed: boolean;
};

/** The campaign's audience: the project's contacts, or its segment's (as matched now). */
async function audienceWhere(tx: Executor, campaign: Campaign, now: Date) {
  let segmentFilter = sql`true`;
  if (campaign.target === "segment" && campaign.segmentId) {
    const [segment] = await tx
      .select({ conditions: segments.conditions })
      .from(segments)
      .where(and(eq(segments.projectId, campaign.projectId), eq(segments.id, campaign.segmentId)));
    // A segment deleted after scheduling matches nobody rather than everybody.
    segmentFilter = segment
      ? segmentWhere(segment.conditions as SegmentConditions, now)
      : sql`false`;
  }
  return and(eq(contacts.projectId, campaign.projectId), segmentFilter);
}

async function nextAudience(
  tx: Executor,
  campaign: Campaign,
  where: ReturnType<typeof and>,
  limit: number,
) {
  const result = await tx
    .select({
      id: contacts.id,
      email: contacts.email,
      name: contacts.name,
      subscribed: contacts.subscribed,
      source: contacts.source,
      data: contacts.data,
      // Qualified by hand: Drizzle renders a single-table query's columns without the table.
      suppressed: sql<boolean>`exists (select 1 from ${suppressions} s
        where s.project_id = "contacts"."project_id" and s.email = "contacts"."email")`,
    })
    .from(contacts)
    .where(and(where, campaign.fanoutCursor ? gt(contacts.id, campaign.fanoutCursor) : undefined))
    .orderBy(contacts.id)
    .limit(limit);
  return result as AudienceRow[];
}

/**
 * Recipient rows, emails and counters for eligible contacts. Variants are assigned by position
 * in the audience (A, B, C, D, A, …): an even split that a resumed fan-out reproduces.
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
  const template = await findReadableTemplateOrThrow(tx, campaign.projectId, campaign.templateId);
  const version = `${template.id}:${template.updatedAt.getTime()}:${campaign.previewText}`;
  const render = await compiled.get(version, () =>
    compileTemplate(
      { ...template, source: withUnsubscribeFooter(template.source, template.format) },
      { previewText: campaign.previewText },
    ),
  );
  // Position in the audience so far (a single winner variant takes everybody after the sample).
  const start = variants.length > 1 ? variants.reduce((sum, v) => sum + v.recipients, 0) : 0;
  const fromDomain = campaign.fromEmail.slice(campaign.fromEmail.lastIndexOf("@") + 1);
  const fromAddress = `${JSON.stringify(campaign.fromName)} <${campaign.fromEmail}>`;
  const prepared = [];
  for (const [i, contact] of eligible.entries()) {
    const variant = variants[(start + i) % variants.length]!;
    const trackingToken = newTrackingToken();
    const url = unsubscribeUrl(deps.config.appUrl, trackingToken);
    const rendered = await render.render(contactVariables(contact, {}, { unsubscribe_url: url }), {
      subject: variant.subject,
    });
    prepared.push({
      contact,
      variant,
      email: prepareOutgoingEmail(
        { projectId: campaign.projectId, keyMode: "live", config: deps.config, now },
        "campaign",
        {
          fromDomain,
          fromAddress,
          to: contact.email,
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text,
          headers: {
            "List-Unsubscribe": `<${url}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
          templateId: template.id,
          contactId: contact.id,
          campaignId: campaign.id,
          campaignVariant: variant.key,
          trackingToken,
        },
      ),
    });
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
      emailId: p.email.row.id,
      status: "sent" as const,
      createdAt: now,
    })),
    sql`on conflict do nothing returning contact_id`,
  );
  const fresh = new Set(inserted.map((r) => r.contact_id));
  const emails = prepared.filter((p) => fresh.has(p.contact.id));
  await insertOutgoingEmails(
    tx,
    deps.jobs,
    emails.map((p) => p.email),
  );
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
  return emails.map((p) => p.email.row.id);
}

/** Campaign emails always carry a visible unsubscribe link: added when the template lacks one. */
function withUnsubscribeFooter(source: string, format: "html" | "blocks"): string {
  if (/\{\{\s*unsubscribe_url\b/.test(source)) return source;
  return unsubscribeFooter(source, format);
}
