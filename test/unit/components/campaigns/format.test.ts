import { describe, expect, it } from "vitest";
import { engagementHint, machineShare } from "@/components/campaigns/format";

describe("the machine share beside a people's rate", () => {
  it("is the part of all who opened whose opens were only machines'", () => {
    expect(machineShare(50, 41)).toBe(0.18);
    expect(machineShare(0, 0)).toBe(0);
    expect(machineShare(3, 3)).toBe(0);
  });

  it("reads as people, then the machines left out when there were any", () => {
    const opened = { verb: "opened", who: "openers" };
    expect(engagementHint({ human: 41, all: 50 }, opened)).toBe(
      "41 people opened · 18% of openers were machines",
    );
    expect(engagementHint({ human: 1, all: 1 }, { verb: "clicked", who: "clickers" })).toBe(
      "1 person clicked",
    );
    expect(engagementHint({ human: 0, all: 2 }, opened)).toBe(
      "0 people opened · 100% of openers were machines",
    );
  });
});
