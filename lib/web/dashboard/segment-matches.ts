import { and, eq } from "drizzle-orm";
import { contacts } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { countMatching } from "@/lib/segments/contacts";
import { SegmentConditions } from "@/lib/segments/schemas";
import { segmentWhere } from "@/lib/segments/where";
import { parseInput } from "@/lib/core/validation";
import { newestFirst } from "@/lib/core/pagination";

export type MatchingContact = {
  id: string;
  email: string;
  name: string | null;
  subscribed: boolean;
};

/**
 * What the segment builder shows as you edit: how many contacts the (unsaved) conditions match,
 * and the newest few of them. Invalid conditions throw the services' ValidationError.
 */
export async function segmentMatches(ctx: ServiceContext, conditions: unknown, sample = 5) {
  const parsed = parseInput(SegmentConditions, conditions);
  const [count, rows] = await Promise.all([
    countMatching(ctx, parsed),
    ctx.db
      .select({
        id: contacts.id,
        email: contacts.email,
        name: contacts.name,
        subscribed: contacts.subscribed,
      })
      .from(contacts)
      .where(and(eq(contacts.projectId, ctx.projectId), segmentWhere(parsed, ctx.clock.now())))
      .orderBy(...newestFirst(contacts.createdAt, contacts.id))
      .limit(sample),
  ]);
  return { count, contacts: rows satisfies MatchingContact[] };
}
