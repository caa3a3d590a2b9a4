import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { campaignRecipients, contacts, emailEvents, emails } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { beforeCursor, decodeCursor, PageQuery, toPage } from "@/lib/core/pagination";
import { iso } from "@/lib/core/serialize";
import { parseInput } from "@/lib/core/validation";

export type LinkClicks = {
  url: string;
  /** Recipients who clicked it at least once (one campaign email per recipient). */
  clickers: number;
  clicks: number;
  /** Its part of all the campaign's clicks, 0–1. */
  share: number;
};

/** The most links a report lists; an email with more is rare and the rest are the long tail. */
const MAX_LINKS = 100;

/**
 * A campaign's clicks per link: unique clickers, total clicks and share of all clicks, most
 * clicked first. Reads the campaign's emails through (campaign_id, status) and only their click
 * events through the partial `email_events_clicked_idx`, never the much larger rest of the events.
 * Only the clicks still kept (the project's "Keep events" days, docs/decisions/0055).
 */
export async function campaignLinkClicks(
  ctx: ServiceContext,
  campaignId: string,
): Promise<LinkClicks[]> {
  const url = sql<string>`${emailEvents.data}->>'url'`;
  const rows = await ctx.db
    .select({
      url,
      clicks: sql<number>`count(*)`.mapWith(Number),
      clickers: sql<number>`count(distinct ${emailEvents.emailId})`.mapWith(Number),
    })
    .from(emailEvents)
    .innerJoin(emails, eq(emails.id, emailEvents.emailId))
    .where(
      and(
        eq(emails.campaignId, campaignId),
        eq(emails.projectId, ctx.projectId),
        eq(emailEvents.type, "clicked"),
        eq(emailEvents.projectId, ctx.projectId),
      ),
    )
    .groupBy(url)
    .orderBy(desc(sql`count(*)`), url)
    .limit(MAX_LINKS);
  const total = rows.reduce((sum, r) => sum + r.clicks, 0);
  return rows.filter((r) => r.url).map((r) => ({ ...r, share: total > 0 ? r.clicks / total : 0 }));
}

export const EngagedContactsQuery = PageQuery.extend({
  kind: z.enum(["opened", "clicked"], { error: "must be opened or clicked" }),
});

export type EngagedContact = {
  contact_id: string;
  /** The contact's address; the email's when the contact was deleted since (`exists` false). */
  email: string;
  name: string | null;
  exists: boolean;
  variant: string;
  /** The first open (or click) of the campaign by this recipient. */
  at: string;
  opens: number;
  clicks: number;
};

/**
 * Who opened (or clicked) a campaign, most recent first open (click) first, keyset-paged over
 * the recipient rows the email events mark (`first_opened_at`, `first_clicked_at`), each served
 * by its partial index on (campaign_id, first_…_at desc, id desc).
 */
export async function campaignEngagedContacts(
  ctx: ServiceContext,
  campaignId: string,
  query: unknown,
) {
  const { kind, limit, cursor } = parseInput(EngagedContactsQuery, query);
  const first =
    kind === "opened" ? campaignRecipients.firstOpenedAt : campaignRecipients.firstClickedAt;
  const scope = `${ctx.projectId}:campaign:${campaignId}:${kind}`;
  const rows = await ctx.db
    .select({
      id: campaignRecipients.id,
      contactId: campaignRecipients.contactId,
      variant: campaignRecipients.variant,
      at: first,
      contactEmail: contacts.email,
      contactName: contacts.name,
      emailTo: emails.to,
      opens: emails.opens,
      clicks: emails.clicks,
    })
    .from(campaignRecipients)
    .leftJoin(
      contacts,
      and(eq(contacts.id, campaignRecipients.contactId), eq(contacts.projectId, ctx.projectId)),
    )
    .leftJoin(emails, eq(emails.id, campaignRecipients.emailId))
    .where(
      and(
        eq(campaignRecipients.campaignId, campaignId),
        eq(campaignRecipients.projectId, ctx.projectId),
        isNotNull(first),
        beforeCursor(first, campaignRecipients.id, decodeCursor(scope, cursor)),
      ),
    )
    .orderBy(desc(first), desc(campaignRecipients.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    scope,
    (r) => ({ createdAt: r.at!, id: r.id }),
    (r): EngagedContact => ({
      contact_id: r.contactId,
      email: r.contactEmail ?? r.emailTo ?? "",
      name: r.contactName ?? null,
      exists: r.contactEmail !== null,
      variant: r.variant,
      at: iso(r.at)!,
      opens: r.opens ?? 0,
      clicks: r.clicks ?? 0,
    }),
  );
}
