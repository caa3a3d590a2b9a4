import { describe, expect, it } from "vitest";
import { receiverOf, throttleScopeOf } from "@/lib/sending/receivers";

describe("receiverOf", () => {
  it("groups a provider's domains and keeps other domains apart", () => {
    expect(receiverOf("a@gmail.com")).toBe("google");
    expect(receiverOf("a@GoogleMail.com")).toBe("google");
    expect(receiverOf("a@hotmail.com")).toBe(receiverOf("b@outlook.com"));
    expect(receiverOf("a@aol.com")).toBe("yahoo");
    expect(receiverOf("a@example.com")).toBe("example.com");
  });
});

describe("throttleScopeOf", () => {
  const deferred = (code: number | undefined, response: string) =>
    ({ kind: "deferred", code, response }) as const;

  it("reads 421 and 4.7.x as the receiver slowing us down", () => {
    expect(throttleScopeOf(deferred(421, "421 4.7.0 Try again later"), "smtp")).toBe("receiver");
    expect(throttleScopeOf(deferred(451, "451 4.7.1 Rate limited"), "smtp")).toBe("receiver");
  });

  it("reads a 4.7.x before any recipient (MAIL FROM) as the relay's own limit", () => {
    const atMailFrom = { ...deferred(451, "451 4.7.0 Too many messages"), fromRelay: true };
    expect(throttleScopeOf(atMailFrom, "smtp")).toBe("provider");
  });

  it("reads SES's 454 Throttling and Resend's 429 as the relay's limit", () => {
    expect(
      throttleScopeOf(
        deferred(454, "454 Throttling failure: Maximum sending rate exceeded."),
        "smtp",
      ),
    ).toBe("provider");
    expect(throttleScopeOf(deferred(429, "rate_limit_exceeded"), "resend")).toBe("provider");
  });

  it("leaves other temporary failures to the usual retries", () => {
    expect(throttleScopeOf(deferred(451, "451 4.2.0 Mailbox busy"), "smtp")).toBeNull();
    expect(throttleScopeOf(deferred(undefined, "relay unreachable"), "smtp")).toBeNull();
    expect(throttleScopeOf(deferred(503, "server error"), "resend")).toBeNull();
    expect(
      throttleScopeOf({ kind: "delivered", providerMessageId: "x", response: "250" }, "smtp"),
    ).toBeNull();
  });
});
