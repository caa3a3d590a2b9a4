import { and, eq, sql } from "drizzle-orm";
import { idempotencyKeys } from "@/db/schema";
import type { Executor } from "@/db";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export type StoredSendResponse = {
  id: string;
  status: "sent" | "queued" | "scheduled";
  messageId: string | null;
};

/**
 * Claims `key` for this project inside the caller's transaction. The insert takes the row lock,
 * so concurrent requests with the same key wait on it until this transaction ends: after a
 * commit they find the stored response; after a rollback one of them claims the key instead.
 * An expired claim (older than 24 h) is taken over in the same statement.
 */
export async function claimIdempotencyKey<Response = StoredSendResponse>(
  tx: Executor,
  projectId: string,
  key: string,
  now: Date,
): Promise<{ claimed: true } | { claimed: false; response: Response }> {
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ projectId, key, createdAt: now, expiresAt })
    .onConflictDoUpdate({
      target: [idempotencyKeys.projectId, idempotencyKeys.key],
      set: { response: null, responseStatus: null, createdAt: now, expiresAt },
      setWhere: sql`${idempotencyKeys.expiresAt} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return { claimed: true };

  const [existing] = await tx
    .select({ response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.projectId, projectId), eq(idempotencyKeys.key, key)));
  // The claim and its response commit together and a concurrent claim waits on the row lock
  // (read committed), so a claimed key without a response cannot be seen: a bug, not a retry.
  if (!existing?.response) throw new Error(`idempotency key ${key} claimed without a response`);
  return { claimed: false, response: existing.response as Response };
}

export async function storeIdempotentResponse(
  tx: Executor,
  projectId: string,
  key: string,
  response: object,
  httpStatus: number,
) {
  await tx
    .update(idempotencyKeys)
    .set({ response: response as Record<string, unknown>, responseStatus: String(httpStatus) })
    .where(and(eq(idempotencyKeys.projectId, projectId), eq(idempotencyKeys.key, key)));
}
