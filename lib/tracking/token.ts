import { randomBase62 } from "../ids";

/** An unguessable name for one email in tracking URLs (190 bits). */
export function newTrackingToken(): string {
  return randomBase62(32);
}

/** Cheap shape check before a token reaches the database. */
export function isPlausibleToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{8,128}$/.test(token);
}
