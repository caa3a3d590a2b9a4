import type { Executor } from "@/db";
import { ensureInstanceSecret, SIGNING_KEY } from "@/lib/core/instance-settings";

// Per database handle: the key never changes once created, so one read per process.
const cache = new WeakMap<object, Promise<string>>();

/**
 * The instance's link-signing key (instance_settings, created on first boot). Pass the database,
 * not a transaction, for the cache to be shared; on PGlite never call it with the database from
 * inside a transaction.
 */
export function linkSigningKey(db: Executor): Promise<string> {
  let key = cache.get(db);
  if (!key) {
    key = ensureInstanceSecret(db, SIGNING_KEY);
    cache.set(db, key);
    key.catch(() => cache.delete(db));
  }
  return key;
}
