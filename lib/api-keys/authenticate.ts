import { and, eq } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import type { Database } from "@/db";
import { UnauthorizedError } from "@/lib/core/errors";
import { LruCache } from "@/lib/core/lru-cache";
import type { RuntimeCaches } from "@/lib/core/runtime";
import { hashKey, KEY_PATTERN, type KeyMode, type KeyPermission } from "./keys";

export type AuthenticatedKey = {
  id: string;
  projectId: string;
  mode: KeyMode;
  permission: KeyPermission;
};

/**
 * Key lookups are cached per process for a few seconds: the hash lookup would otherwise be a
 * round trip on every request. Valid keys and unknown ones live in separate bounded caches, so
 * a flood of made-up keys can only push out other made-up keys, never a key in use. Revocation
 * clears this process's entry at once; other processes see it within CACHE_TTL_MS.
 */
const CACHE_TTL_MS = 5_000;
const CACHE_MAX_ENTRIES = 10_000;
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

export type ApiKeyCache = {
  validKeys: LruCache<AuthenticatedKey>;
  unknownKeys: LruCache<true>;
  /** When each key's last_used_at was last written. */
  lastUsedWritten: LruCache<number>;
};

declare module "@/lib/core/runtime" {
  interface RuntimeCaches {
    /** API keys by hash, valid and unknown (lib/api-keys/authenticate.ts). */
    apiKeys: ApiKeyCache;
  }
}

export function apiKeyCache(): ApiKeyCache {
  return {
    validKeys: new LruCache<AuthenticatedKey>(CACHE_MAX_ENTRIES, CACHE_TTL_MS),
    unknownKeys: new LruCache<true>(CACHE_MAX_ENTRIES, CACHE_TTL_MS),
    lastUsedWritten: new LruCache<number>(CACHE_MAX_ENTRIES, LAST_USED_WRITE_INTERVAL_MS),
  };
}

type AuthenticateDeps = { db: Database; caches: Pick<RuntimeCaches, "apiKeys"> };

/** After a revocation or a project deletion in this process (others follow within the TTL). */
export function forgetCachedKey(caches: Pick<RuntimeCaches, "apiKeys">, keyHash: string) {
  caches.apiKeys.validKeys.delete(keyHash);
}

export function bearerToken(header: string | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The key a request carries. `beforeUncached` runs for every request that is not answered from
 * the valid-key cache (missing, malformed, unknown or not yet cached keys): the per-address
 * limit for unauthenticated requests, checked before any database lookup.
 */
export async function authenticateApiKey(
  deps: AuthenticateDeps,
  authorization: string | null,
  now: Date,
  options: { beforeUncached?: () => void } = {},
): Promise<AuthenticatedKey> {
  const { validKeys, unknownKeys } = deps.caches.apiKeys;
  const secret = bearerToken(authorization);
  const keyHash = secret && KEY_PATTERN.test(secret) ? hashKey(secret) : null;
  const nowMs = now.getTime();
  const cached = keyHash ? validKeys.get(keyHash, nowMs) : undefined;
  if (cached) {
    recordLastUsed(deps, cached, now);
    return cached;
  }
  options.beforeUncached?.();
  if (!keyHash) throw new UnauthorizedError();
  if (unknownKeys.get(keyHash, nowMs)) throw unknownKey();

  const [row] = await deps.db
    .select({
      id: apiKeys.id,
      projectId: apiKeys.projectId,
      mode: apiKeys.mode,
      permission: apiKeys.permission,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  if (!row || row.revokedAt) {
    unknownKeys.set(keyHash, true, nowMs);
    throw unknownKey();
  }
  const key = { id: row.id, projectId: row.projectId, mode: row.mode, permission: row.permission };
  validKeys.set(keyHash, key, nowMs);
  recordLastUsed(deps, key, now);
  return key;
}

const unknownKey = () => new UnauthorizedError("The API key is unknown or has been revoked.");

/** Writes last_used_at at most once a minute per key, off the request's critical path. */
function recordLastUsed(
  { db, caches }: AuthenticateDeps,
  key: { id: string; projectId: string },
  now: Date,
) {
  const { lastUsedWritten } = caches.apiKeys;
  if (lastUsedWritten.get(key.id, now.getTime()) !== undefined) return;
  lastUsedWritten.set(key.id, now.getTime(), now.getTime());
  db.update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.projectId, key.projectId), eq(apiKeys.id, key.id)))
    .catch((error: unknown) => console.error("[api-keys] could not record last use", error));
}
