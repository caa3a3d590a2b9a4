import { describe, expect, it } from "vitest";
import { first, pick } from "@/lib/web/dashboard/search-params";

describe("first", () => {
  it("keeps the first of a repeated parameter, trimmed", () => {
    expect(first([" a ", "b"])).toBe("a");
    expect(first("  x ")).toBe("x");
  });

  it("treats missing and blank values as absent", () => {
    expect(first(undefined)).toBeUndefined();
    expect(first("   ")).toBeUndefined();
    expect(first([])).toBeUndefined();
  });
});

describe("pick", () => {
  const allowed = { sent: "Sent", bounced: "Bounced" };

  it("accepts a known value and ignores anything else", () => {
    expect(pick(first("sent"), allowed)).toBe("sent");
    expect(pick(first("nope"), allowed)).toBeUndefined();
    expect(pick(undefined, allowed)).toBeUndefined();
  });
});
