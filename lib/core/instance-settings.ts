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

export const AUTH_SECRET_KEY = "auth_secret";
export const SIGNING_KEY = "link_signing_key";
export const SECRETS_KEY = "secrets_key";
/** The public URL an admin saved in Settings → General (APP_URL, when set, wins). */
export const PUBLIC_URL_KEY = "public_url";
