import type { Segment } from "@/db/schema";
import { iso } from "../serialize";

export function serializeSegment(segment: Segment) {
  return {
    id: segment.id,
    name: segment.name,
    conditions: segment.conditions,
    created_at: iso(segment.createdAt),
    updated_at: iso(segment.updatedAt),
  };
}
export type SegmentResource = ReturnType<typeof serializeSegment>;
