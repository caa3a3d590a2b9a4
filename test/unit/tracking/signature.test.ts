import { describe, expect, it } from "vitest";
import { isTrackableUrl, signLink, verifyLinkSignature } from "@/lib/tracking/signature";

const key = "secret-key-of-the-instance";

describe("link signatures", () => {
  it("is a 22-character base64url HMAC that verifies for the same token and url", () => {
    const s = signLink(key, "tok1", "https://example.com/a");
    expect(s).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(verifyLinkSignature(key, "tok1", "https://example.com/a", s)).toBe(true);
  });

  it("rejects another url, another token, another key and a truncated signature", () => {
    const s = signLink(key, "tok1", "https://example.com/a");
    expect(verifyLinkSignature(key, "tok1", "https://evil.example/a", s)).toBe(false);
    expect(verifyLinkSignature(key, "tok2", "https://example.com/a", s)).toBe(false);
    expect(verifyLinkSignature("other", "tok1", "https://example.com/a", s)).toBe(false);
    expect(verifyLinkSignature(key, "tok1", "https://example.com/a", s.slice(0, 21))).toBe(false);
    expect(verifyLinkSignature(key, "tok1", "https://example.com/a", "")).toBe(false);
  });

  it("only treats absolute http(s) urls as trackable", () => {
    expect(isTrackableUrl("https://example.com")).toBe(true);
    expect(isTrackableUrl("HTTP://example.com/x")).toBe(true);
    expect(isTrackableUrl("javascript:alert(1)")).toBe(false);
    expect(isTrackableUrl("//example.com")).toBe(false);
    expect(isTrackableUrl("https://")).toBe(false);
  });
});
