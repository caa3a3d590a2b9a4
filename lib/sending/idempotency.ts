import { createHash } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { idempotencyKeys } from "@/db/schema";
import type { Executor } from "@/db";
import { ValidationError } from "@/lib/core/errors";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export type StoredSendResponse = {
  id: string;
  status: "sent" | "queued" | "scheduled";
  messageId: string | null;
};

/**
 * Whose key it is and for which request: keys are scoped by project and key mode (a test key's
 * claim never answers a live request), and `requestHash` (requestFingerprint) tells a retry of
 * the same request from another request under the same key.
 */
export type IdempotencyClaim = {
  projectId: string;
  mode: "live" | "test";
  key: string;
  requestHash: string;
};

/** The claim of an optional Idempotency-Key for `input`, the request parsed for `route`. */
export function idempotencyClaim(
  ctx: { projectId: string; keyMode: "live" | "test" },
  key: string | undefined,
  route: string,
  input: unknown,
): IdempotencyClaim | undefined {
  if (key === undefined) return undefined;
  const requestHash = requestFingerprint(route, input);
  return { projectId: ctx.projectId, mode: ctx.keyMode, key, requestHash };
}

/**
 * The request a key was used for: sha256 of the route and the parsed input as canonical JSON
 * (object keys sorted), so key order, whitespace and ignored fields do not make another request.
 */
export function requestFingerprint(route: string, input: unknown): string {
  return createHash("sha256")
    .update(`${route}\n${canonicalJson(input)}`)
    .digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(",")}]`;
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * Claims the key inside the caller's transaction. The insert takes the row lock, so concurrent
 * requests with the same key wait on it until this transaction ends: after a commit they find
 * the stored response; after a rollback one of them claims the key instead. An expired claim
 * (older than 24 h) is taken over in the same statement. A key already used for a different
 * request is refused (422 `idempotency_key_reused`) rather than answered with another result.
 */
export async function claimIdempotencyKey<Response = StoredSendResponse>(
  tx: Executor,
  claim: IdempotencyClaim,
  now: Date,
): Promise<{ claimed: true } | { claimed: false; response: Response }> {
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ ...claim, createdAt: now, expiresAt })
    .onConflictDoUpdate({
      target: [idempotencyKeys.projectId, idempotencyKeys.mode, idempotencyKeys.key],
      set: {
        requestHash: claim.requestHash,
        response: null,
        responseStatus: null,
        createdAt: now,
        expiresAt,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return { claimed: true };

  const [existing] = await tx
    .select({ response: idempotencyKeys.response, requestHash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(whereClaim(claim));
  // The claim and its response commit together and a concurrent claim waits on the row lock
  // (read committed), so a claimed key without a response cannot be seen: a bug, not a retry.
  if (!existing?.response)
    throw new Error(`idempotency key ${claim.key} claimed without a response`);
  // Claims from before request hashes were kept (null) replay without comparing.
  if (existing.requestHash !== null && existing.requestHash !== claim.requestHash) {
    throw new ValidationError(
      "This Idempotency-Key was already used with a different request: use a new key for a new request.",
      [{ path: "Idempotency-Key", message: "was already used with a different request" }],
      "idempotency_key_reused",
    );
  }
  return { claimed: false, response: existing.response as Response };
}

export async function storeIdempotentResponse(
  tx: Executor,
  claim: IdempotencyClaim,
  response: object,
  httpStatus: number,
) {
  await tx
    .update(idempotencyKeys)
    .set({ response: response as Record<string, unknown>, responseStatus: String(httpStatus) })
    .where(whereClaim(claim));
}

/**
 * Undoes this transaction's claim of a key whose send was refused, as a rollback would: the key
 * stays free for the request to be made again (the group commit refuses one send of many).
 */
export async function releaseIdempotencyKey(tx: Executor, claim: IdempotencyClaim) {
  await tx.delete(idempotencyKeys).where(and(whereClaim(claim), isNull(idempotencyKeys.response)));
}

function whereClaim(claim: IdempotencyClaim) {
  return and(
    eq(idempotencyKeys.projectId, claim.projectId),
    eq(idempotencyKeys.mode, claim.mode),
    eq(idempotencyKeys.key, claim.key),
  );
}
