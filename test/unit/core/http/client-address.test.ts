import { describe, expect, it } from "vitest";
import { resolveClientAddress } from "@/lib/core/http/client-address";
import { hasMalformedPath } from "@/lib/core/http/malformed-path";

describe("resolveClientAddress", () => {
  it("uses the socket's peer and ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(resolveClientAddress("203.0.113.9", "198.51.100.1", 0)).toBe("203.0.113.9");
    expect(resolveClientAddress("::ffff:203.0.113.9", undefined, 0)).toBe("203.0.113.9");
    expect(resolveClientAddress(undefined, undefined, 0)).toBe("unknown");
  });

  it("believes only as many X-Forwarded-For entries as there are trusted hops", () => {
    // client → proxy A (10.0.0.2) → proxy B (10.0.0.3, our peer); the client prepended a lie.
    const forwarded = "1.2.3.4, 198.51.100.7, 10.0.0.2";
    expect(resolveClientAddress("10.0.0.3", forwarded, 1)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.3", forwarded, 2)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.3", ["1.2.3.4", "198.51.100.7"], 1)).toBe("198.51.100.7");
    // More hops trusted than present: the leftmost entry is the best there is.
    expect(resolveClientAddress("10.0.0.3", "198.51.100.7", 5)).toBe("198.51.100.7");
  });
});

describe("hasMalformedPath", () => {
  it("flags percent-encoding that does not decode, in the path only", () => {
    expect(hasMalformedPath("/api/v1/contacts/%ZZ")).toBe(true);
    expect(hasMalformedPath("/u/%E0%A4%A")).toBe(true);
    expect(hasMalformedPath("/api/v1/contacts/ct_1%20x?email=%ZZ")).toBe(false);
    expect(hasMalformedPath("/contacts")).toBe(false);
  });
});
