import { createHash } from "node:crypto";
import { randomBase62 } from "../ids";

export type KeyMode = "live" | "test";

/** `sk_live_` / `sk_test_` followed by 40 random base62 characters (DECISIONS §2). */
export function generateKeySecret(mode: KeyMode): string {
  return `sk_${mode}_${randomBase62(40)}`;
}

export const KEY_PATTERN = /^sk_(live|test)_[0-9A-Za-z]{32,}$/;

export function hashKey(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function keyHint(secret: string): string {
  return `${secret.slice(0, 12)}…${secret.slice(-4)}`;
}
