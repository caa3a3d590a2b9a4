import { z } from "zod";
import { SUPPRESSION_REASONS, type Suppression } from "@/db/schema";
import { iso, Timestamp } from "@/lib/core/serialize";

export const SuppressionResponse = z.strictObject({
  email: z.string().meta({ example: "bounced@example.com" }),
  reason: z.enum(SUPPRESSION_REASONS),
  created_at: Timestamp,
});
export type SuppressionResource = z.infer<typeof SuppressionResponse>;

export const DeletedSuppressionResponse = z.strictObject({
  email: z.string(),
  deleted: z.literal(true),
});

export function serializeSuppression(suppression: Suppression): SuppressionResource {
  return {
    email: suppression.email,
    reason: suppression.reason,
    created_at: iso(suppression.createdAt),
  };
}
