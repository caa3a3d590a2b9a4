import { and, eq } from "drizzle-orm";
import { suppressions, type Suppression, type SuppressionReason } from "@/db/schema";
import type { Executor } from "@/db";

/**
 * Writes to the suppression list. An address is suppressed per project; the first reason recorded
 * is kept (a later bounce does not overwrite a manual entry). The sending pipeline reads it in
 * lib/sending/outbound.ts, campaign audiences in lib/campaigns/audience.ts.
 */
/** Adds an address if absent (one statement, race-free). Returns the row and whether it is new. */
export async function suppressAddress(
  tx: Executor,
  projectId: string,
  email: string,
  reason: SuppressionReason,
  now: Date,
): Promise<{ suppression: Suppression; created: boolean }> {
  const address = email.trim().toLowerCase();
  const [inserted] = await tx
    .insert(suppressions)
    .values({ projectId, email: address, reason, createdAt: now })
    .onConflictDoNothing({ target: [suppressions.projectId, suppressions.email] })
    .returning();
  if (inserted) return { suppression: inserted, created: true };
  const [existing] = await tx
    .select()
    .from(suppressions)
    .where(and(eq(suppressions.projectId, projectId), eq(suppressions.email, address)))
    .limit(1);
  // A concurrent DELETE ran between the two statements: retry, so this request's intent wins.
  if (!existing) return suppressAddress(tx, projectId, address, reason, now);
  return { suppression: existing, created: false };
}
