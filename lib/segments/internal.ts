import { and, eq } from "drizzle-orm";
import { segments } from "@/db/schema";
import type { Executor } from "@/db";
import { NotFoundError } from "@/lib/core/errors";

export async function findSegmentOrThrow(db: Executor, projectId: string, segmentId: string) {
  const [segment] = await db
    .select()
    .from(segments)
    .where(and(eq(segments.projectId, projectId), eq(segments.id, segmentId)))
    .limit(1);
  if (!segment) throw new NotFoundError("Segment");
  return segment;
}
