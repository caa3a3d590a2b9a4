import { describe, expect, it } from "vitest";
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
});
