import { createHash } from "node:crypto";
import { randomBase62 } from "@/lib/core/ids";

export type KeyMode = "live" | "test";

/**
 * What a key may do (DECISIONS §12, Resend's model): `full`, everything; `sending`, only the
 * routes that declare it (send, batch send, events, reading emails), for the app server that
 * only sends. The API handler wrapper enforces it (lib/web/api-handler.ts).
 */
export const KEY_PERMISSIONS = ["full", "sending"] as const;
export type KeyPermission = (typeof KEY_PERMISSIONS)[number];

/** Whether a key with `held` may call a route that needs `needed`: full covers sending. */
export function permits(held: KeyPermission, needed: KeyPermission): boolean {
  return held === "full" || needed === "sending";
}

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
