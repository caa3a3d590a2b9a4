import { eq } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import type { Database } from "@/db";
import { UnauthorizedError } from "../errors";
import { hashKey, KEY_PATTERN, type KeyMode } from "./keys";

export type AuthenticatedKey = { id: string; projectId: string; mode: KeyMode };

/**
 * Key lookups are cached per process for a few seconds: the hash lookup would otherwise be a
 * round trip on every request. Revocation clears this process's entry at once; other processes
 * see it within CACHE_TTL_MS.
 */
const CACHE_TTL_MS = 5_000;
const LAST_USED_WRITE_INTERVAL_MS = 60_000;
type CacheEntry = { key: AuthenticatedKey | null; expiresAt: number };
const cache = new Map<string, CacheEntry>();
const lastUsedWritten = new Map<string, number>();

export function forgetCachedKey(keyHash: string) {
  cache.delete(keyHash);
}

export function bearerToken(header: string | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export async function authenticateApiKey(
  db: Database,
  authorization: string | null,
  now: Date,
): Promise<AuthenticatedKey> {
  const secret = bearerToken(authorization);
  if (!secret || !KEY_PATTERN.test(secret)) throw new UnauthorizedError();
  const keyHash = hashKey(secret);

  let entry = cache.get(keyHash);
  if (!entry || entry.expiresAt <= now.getTime()) {
    const [row] = await db
      .select({
        id: apiKeys.id,
        projectId: apiKeys.projectId,
        mode: apiKeys.mode,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, keyHash))
      .limit(1);
    const key =
      row && !row.revokedAt ? { id: row.id, projectId: row.projectId, mode: row.mode } : null;
    entry = { key, expiresAt: now.getTime() + CACHE_TTL_MS };
    if (cache.size > 10_000) cache.clear();
    cache.set(keyHash, entry);
  }
  if (!entry.key) throw new UnauthorizedError("The API key is unknown or has been revoked.");

  recordLastUsed(db, entry.key.id, now);
  return entry.key;
}

/** Writes last_used_at at most once a minute per key, off the request's critical path. */
function recordLastUsed(db: Database, keyId: string, now: Date) {
  const previous = lastUsedWritten.get(keyId) ?? 0;
  if (now.getTime() - previous < LAST_USED_WRITE_INTERVAL_MS) return;
  lastUsedWritten.set(keyId, now.getTime());
  db.update(apiKeys)
    .set({ lastUsedAt: now })
    .where(eq(apiKeys.id, keyId))
    .catch((error: unknown) => console.error("[api-keys] could not record last use", error));
}
