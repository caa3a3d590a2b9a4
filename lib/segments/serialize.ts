import { z } from "zod";
import type { Segment } from "@/db/schema";
import { iso, Timestamp } from "@/lib/core/serialize";

const SegmentRuleResponse = z.looseObject({
  field: z.string(),
  operator: z.string(),
  value: z.unknown().optional(),
});

/** The Segment resource: its conditions as stored (the input's defaults applied). */
export const SegmentResponse = z.strictObject({
  id: z.string().meta({ example: "seg_8fJm2QxLk4Rt7bNa" }),
  name: z.string(),
  conditions: z.strictObject({
    match: z.enum(["all", "any"]),
    rules: z.array(SegmentRuleResponse),
  }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type SegmentResource = z.infer<typeof SegmentResponse>;

export const SegmentCountResponse = z.strictObject({ id: z.string(), count: z.number().int() });

export function serializeSegment(segment: Segment): SegmentResource {
  return {
    id: segment.id,
    name: segment.name,
    conditions: segment.conditions,
    created_at: iso(segment.createdAt),
    updated_at: iso(segment.updatedAt),
  };
}
