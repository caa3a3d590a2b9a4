import { eq } from "drizzle-orm";
import { instanceSettings } from "@/db/schema";
import type { Executor } from "@/db";
import { randomBase62 } from "@/lib/core/ids";

/** Returns the named instance secret, creating it once (race-safe across processes). */
export async function ensureInstanceSecret(db: Executor, key: string): Promise<string> {
  await db
    .insert(instanceSettings)
    .values({ key, value: randomBase62(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, key));
  return row!.value;
}

/**
 * The instance secrets a runtime has read (session signing, link signing, sealing): each is
 * created once and never changes, so it is read once per runtime. A failed read is forgotten,
 * so the next call tries again. The first read goes through the executor given (a transaction's,
 * when the caller is in one); on PGlite never pass the database from inside a transaction.
 */
export type InstanceSecrets = { get(key: string, executor: Executor): Promise<string> };

export function instanceSecrets(): InstanceSecrets {
  const read = new Map<string, Promise<string>>();
  return {
    get(key, executor) {
      let secret = read.get(key);
      if (!secret) {
        secret = ensureInstanceSecret(executor, key);
        read.set(key, secret);
        secret.catch(() => read.delete(key));
      }
      return secret;
    },
  };
}

export const AUTH_SECRET_KEY = "auth_secret";
export const SIGNING_KEY = "link_signing_key";
export const SECRETS_KEY = "secrets_key";
/** The public URL an admin saved in Settings → General (APP_URL, when set, wins). */
export const PUBLIC_URL_KEY = "public_url";
