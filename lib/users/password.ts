import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** The one rule for a password someone chooses (sign-up, invitation, change, reset, CLI). */
export const MIN_PASSWORD_LENGTH = 8;
export const NewPassword = z
  .string({ error: "is required" })
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, "must be at most 200 characters");

/**
 * How a signed-in or invited person's existing password is checked. The dashboard passes the
 * throttled sign-in check (lib/web/auth/sign-in-throttle.ts `throttledPasswordCheck`), so no form
 * that asks for a password is a side door for guessing it; tests and the CLI may leave it out.
 */
export type AccountPasswordCheck = (
  email: string,
  password: string,
) => Promise<"ok" | "invalid" | { retryAfterSeconds: number }>;

/** scrypt (N=2^15, r=8, p=1): memory-hard, in Node's standard library. */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(
    password,
    Buffer.from(salt, "base64url"),
    Number(n),
    Number(r),
    Number(p),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
