import { describe, expect, it } from "vitest";
import { EMAIL_STATUSES } from "@/db/schema";
import { statusAfter } from "@/lib/emails/status";

describe("statusAfter", () => {
  it("only moves up the rank, so late events never downgrade", () => {
    expect(statusAfter("sent", "delivered")).toBe("delivered");
    expect(statusAfter("delivered", "sent")).toBe("delivered");
    expect(statusAfter("bounced", "delivered")).toBe("bounced");
    expect(statusAfter("delivered", "complained")).toBe("complained");
    expect(statusAfter("delivered", "bounced")).toBe("bounced");
  });

  it("a failed email only changes when a provider later reports delivery", () => {
    expect(statusAfter("failed", "delivered")).toBe("delivered");
    expect(statusAfter("failed", "bounced")).toBe("failed");
    expect(statusAfter("failed", "sent")).toBe("failed");
  });

  it("a scheduled email moves to sent or queued when released; a canceled one never moves", () => {
    expect(statusAfter("scheduled", "sent")).toBe("sent");
    expect(statusAfter("scheduled", "queued")).toBe("queued");
    expect(statusAfter("queued", "scheduled")).toBe("queued");
    for (const incoming of EMAIL_STATUSES)
      expect(statusAfter("canceled", incoming)).toBe("canceled");
  });

  it("is defined for every pair", () => {
    for (const a of EMAIL_STATUSES)
      for (const b of EMAIL_STATUSES) expect(EMAIL_STATUSES).toContain(statusAfter(a, b));
  });
});
