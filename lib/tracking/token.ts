import { randomBase62 } from "@/lib/core/ids";

/** Milliseconds since 1970 in base 36, 9 characters: in order until the year 5188. */
const TIME_DIGITS = 9;
const RANDOM_CHARACTERS = 22;

/**
 * An unguessable name for one email in the URLs it carries (tracking, unsubscribe): 32
 * characters, `t`, the time it was made (base 36, lowercase), then 22 random base62 characters
 * (~131 bits, the secret).
 *
 * Time first so the indexes that look tokens up grow at their right edge, as the time-ordered ids
 * do (docs/decisions/0062): a uniformly random token sent every insert, and every rewrite of the
 * row (an outcome), to a random leaf page; at a million emails those pages no longer fit in
 * shared buffers, and each change of one after a checkpoint logs the whole page in the WAL. Base
 * 36 in lowercase sorts the same under byte order and under a language's collation. The time
 * carries nothing the email's Date header does not, and is read from the process's clock rather
 * than the runtime's: nothing reads it back, it only orders index entries.
 *
 * It starts with a letter: a token that began with 1 or 3 and happened to avoid 0, O, I and l
 * reads as a Bitcoin address to spam filters (SpamAssassin's __BITCOIN_ID, worth up to 2.5 points
 * with an image), and the unsubscribe URL is printed in the text part.
 */
export function newEmailToken(): string {
  return "t" + Date.now().toString(36).padStart(TIME_DIGITS, "0") + randomBase62(RANDOM_CHARACTERS);
}

/** Names an email in its open pixel and click URLs. */
export const newTrackingToken = newEmailToken;

/** Cheap shape check before a token reaches the database. */
export function isPlausibleToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{8,128}$/.test(token);
}
