import { and, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import { contacts, suppressions } from "@/db/schema";
import type { ServiceContext } from "../context";
import { findSegmentOrThrow } from "../segments/internal";
import type { SegmentConditions } from "../segments/schemas";
import { segmentWhere } from "../segments/where";

export type CampaignAudience = { target: "all" | "segment"; segment?: string | null };

/**
 * How many contacts a send would reach now: the audience (everyone, or a segment's matches),
 * subscribed and not suppressed — the same contacts the fan-out keeps, so the number in the
 * confirmation is the number that gets the email. A segment of another project is a 404.
 */
export async function countCampaignRecipients(
  ctx: ServiceContext,
  audience: CampaignAudience,
): Promise<number> {
  let matches: SQL = sql`true`;
  if (audience.target === "segment") {
    if (!audience.segment) return 0;
    const segment = await findSegmentOrThrow(ctx.db, ctx.projectId, audience.segment);
    matches = segmentWhere(segment.conditions as SegmentConditions, ctx.clock.now());
  }
  // A left join rather than `not exists`: Drizzle qualifies columns only in joined queries, and
  // suppressions has one row per (project, email), so no contact is counted twice.
  const [row] = await ctx.db
    .select({ n: count() })
    .from(contacts)
    .leftJoin(
      suppressions,
      and(eq(suppressions.projectId, contacts.projectId), eq(suppressions.email, contacts.email)),
    )
    .where(
      and(
        eq(contacts.projectId, ctx.projectId),
        eq(contacts.subscribed, true),
        isNull(suppressions.email),
        matches,
      ),
    );
  return Number(row?.n ?? 0);
}
