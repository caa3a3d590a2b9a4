import { randomInt } from "node:crypto";
import { randomBase62 } from "@/lib/core/ids";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * An unguessable name for one email in the URLs it carries (tracking, unsubscribe): 32
 * characters, ~190 bits. It starts with a letter: a token that began with 1 or 3 and happened to
 * avoid 0, O, I and l reads as a Bitcoin address to spam filters (SpamAssassin's __BITCOIN_ID,
 * worth up to 2.5 points with an image), and the unsubscribe URL is printed in the text part.
 */
export function newEmailToken(): string {
  return LETTERS[randomInt(LETTERS.length)]! + randomBase62(31);
}

/** Names an email in its open pixel and click URLs. */
export const newTrackingToken = newEmailToken;

/** Cheap shape check before a token reaches the database. */
export function isPlausibleToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{8,128}$/.test(token);
}
