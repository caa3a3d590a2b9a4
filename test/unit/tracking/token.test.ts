import { afterEach, describe, expect, it, vi } from "vitest";
import { isPlausibleToken, newEmailToken } from "@/lib/tracking/token";

// SpamAssassin's __BITCOIN_ID (72_active.cf), the part a 32-character base62 token can meet.
const BITCOIN_ID = /\b(?<!=)[13][a-km-zA-HJ-NP-Z1-9]{29,34}\b/;

describe("email tokens", () => {
  it("never read as a Bitcoin address to spam filters (printed in the text part's unsubscribe URL)", () => {
    // A uniform base62 token matched about 1 time in 250 (1 or 3 first, no 0/O/I/l after).
    for (let i = 0; i < 20_000; i++) {
      const token = newEmailToken();
      expect(BITCOIN_ID.test(`Unsubscribe http://localhost:3000/u/${token}`), token).toBe(false);
    }
  });

  it("are 32 URL-safe characters, unique", () => {
    const tokens = new Set(Array.from({ length: 1000 }, newEmailToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z][A-Za-z0-9]{31}$/);
      expect(isPlausibleToken(token)).toBe(true);
    }
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("made later sort after, by bytes and by a language's collation (index inserts at the right edge)", () => {
    // A uniformly random token sent each insert into the token indexes to a random leaf page.
    const collator = new Intl.Collator("en");
    const times = [
      Date.UTC(2026, 10, 30),
      Date.UTC(2026, 10, 30) + 1,
      Date.UTC(2027, 0, 1),
      Date.UTC(2100, 0, 1),
    ];
    const tokens = times.map((time) => {
      vi.useFakeTimers({ now: time });
      return [newEmailToken(), newEmailToken()];
    });
    for (let i = 1; i < tokens.length; i++) {
      for (const earlier of tokens[i - 1]!)
        for (const later of tokens[i]!) {
          expect(earlier < later, `${earlier} < ${later}`).toBe(true);
          expect(collator.compare(earlier, later), `${earlier} before ${later}`).toBeLessThan(0);
        }
    }
    // Still unguessable: the same millisecond gives different tokens.
    expect(new Set(tokens[0]).size).toBe(2);
  });
});
