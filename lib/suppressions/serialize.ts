import type { Suppression } from "@/db/schema";
import { iso } from "../serialize";

export function serializeSuppression(suppression: Suppression) {
  return {
    email: suppression.email,
    reason: suppression.reason,
    created_at: iso(suppression.createdAt),
  };
}
export type SuppressionResource = ReturnType<typeof serializeSuppression>;
