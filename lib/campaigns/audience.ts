import { and, count, eq, sql, type SQL } from "drizzle-orm";
import { contacts, segments, type Campaign } from "@/db/schema";
import type { Executor } from "@/db";
import type { ServiceContext } from "@/lib/core/context";
import type { SegmentConditions } from "../segments/schemas";
import { segmentWhere } from "../segments/where";
import { optedInSql } from "../topics/subscription-sql";

/**
 * Who a campaign is for: the one definition the fan-out, the A/B sample size and the dashboard's
 * recipient count share, so the number a marketer confirms is the number that gets the email.
 */
export type CampaignAudience = {
  projectId: string;
  target: "all" | "segment";
  segmentId: string | null;
  /** Contacts opted out of it are left out (DECISIONS §13). */
  topicId?: string | null;
  /** Reaches unsubscribed and opted-out contacts too, never suppressed ones. */
  requiredNotice?: boolean;
};

/** A campaign row's audience. */
export function audienceOf(
  campaign: Pick<Campaign, "projectId" | "target" | "segmentId" | "topicId" | "requiredNotice">,
): CampaignAudience {
  return {
    projectId: campaign.projectId,
    target: campaign.target,
    segmentId: campaign.segmentId,
    topicId: campaign.topicId,
    requiredNotice: campaign.requiredNotice,
  };
}

/**
 * The audience's contacts: the project's, or its segment's matches as of `now`. A segment that
 * is missing (deleted after scheduling, or never chosen) matches nobody rather than everybody.
 */
export async function audienceWhere(
  db: Executor,
  audience: CampaignAudience,
  now: Date,
): Promise<SQL> {
  const inProject = eq(contacts.projectId, audience.projectId);
  if (audience.target !== "segment") return inProject;
  const [segment] = audience.segmentId
    ? await db
        .select({ conditions: segments.conditions })
        .from(segments)
        .where(and(eq(segments.projectId, audience.projectId), eq(segments.id, audience.segmentId)))
    : [];
  return segment
    ? and(inProject, segmentWhere(segment.conditions as SegmentConditions, now))!
    : sql`false`;
}

/**
 * Whether the contact row may get this campaign: not suppressed and, unless it is a required
 * notice, subscribed and not opted out of the campaign's topic.
 */
export function reachable(
  audience: Pick<CampaignAudience, "topicId" | "requiredNotice">,
  alias = "contacts",
): SQL {
  // Qualified by hand: Drizzle renders a single-table query's columns without the table.
  if (audience.requiredNotice) return notSuppressed(alias);
  return sql`${optedIn(audience, alias)} and ${notSuppressed(alias)}`;
}

/** Whether the contact row's address is not on the project's suppression list. */
export function notSuppressed(alias = "contacts"): SQL {
  const row = sql.identifier(alias);
  return sql`not exists (select 1 from suppressions s
    where s.project_id = ${row}."project_id" and s.email = ${row}."email")`;
}

/** Subscribed, and opted in to the campaign's topic when it has one (the choice it respects). */
export function optedIn(audience: Pick<CampaignAudience, "topicId">, alias = "contacts"): SQL {
  const row = sql.identifier(alias);
  return audience.topicId
    ? sql`(${row}."subscribed" and ${optedInSql(audience.topicId, alias)})`
    : sql`${row}."subscribed"`;
}

/** How many contacts of the audience a send reaches now. */
export async function countReachable(
  db: Executor,
  audience: CampaignAudience,
  now: Date,
): Promise<number> {
  const where = await audienceWhere(db, audience, now);
  const [row] = await db
    .select({ n: count() })
    .from(contacts)
    .where(and(where, reachable(audience)));
  return Number(row?.n ?? 0);
}

/** An audience as the API and the campaign editor write it: a target and, for one, a segment id. */
export type AudienceChoice = {
  target: "all" | "segment";
  segment?: string | null;
  topic?: string | null;
  required_notice?: boolean;
};

/**
 * How many contacts a send would reach now (the editor's count, the send confirmation, the
 * report's progress): the number a marketer confirms is the number that gets the email. A
 * segment that is not the project's reaches nobody.
 */
export function countCampaignRecipients(
  ctx: ServiceContext,
  choice: AudienceChoice,
): Promise<number> {
  return countReachable(
    ctx.db,
    {
      projectId: ctx.projectId,
      target: choice.target,
      segmentId: choice.segment ?? null,
      topicId: choice.topic ?? null,
      requiredNotice: choice.required_notice ?? false,
    },
    ctx.clock.now(),
  );
}
