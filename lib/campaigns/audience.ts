import { and, count, eq, sql, type SQL } from "drizzle-orm";
import { contacts, segments } from "@/db/schema";
import type { Executor } from "@/db";
import type { ServiceContext } from "@/lib/core/context";
import type { SegmentConditions } from "../segments/schemas";
import { segmentWhere } from "../segments/where";

/**
 * Who a campaign is for: the one definition the fan-out, the A/B sample size and the dashboard's
 * recipient count share, so the number a marketer confirms is the number that gets the email.
 */
export type CampaignAudience = {
  projectId: string;
  target: "all" | "segment";
  segmentId: string | null;
};

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

/** Whether the contact row may get marketing mail: subscribed and not suppressed. */
export function reachable(alias = "contacts"): SQL {
  // Qualified by hand: Drizzle renders a single-table query's columns without the table.
  const row = sql.identifier(alias);
  return sql`${row}."subscribed" and not exists (select 1 from suppressions s
    where s.project_id = ${row}."project_id" and s.email = ${row}."email")`;
}

/** How many contacts of the audience a send reaches now. */
export async function countReachable(
  db: Executor,
  audience: CampaignAudience,
  now: Date,
): Promise<number> {
  const where = await audienceWhere(db, audience, now);
  const [row] = await db.select({ n: count() }).from(contacts).where(and(where, reachable()));
  return Number(row?.n ?? 0);
}

/** An audience as the API and the campaign editor write it: a target and, for one, a segment id. */
export type AudienceChoice = { target: "all" | "segment"; segment?: string | null };

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
    { projectId: ctx.projectId, target: choice.target, segmentId: choice.segment ?? null },
    ctx.clock.now(),
  );
}
