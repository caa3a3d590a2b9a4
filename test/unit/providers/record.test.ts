import { describe, expect, it } from "vitest";
import { messageIdForms } from "@/lib/providers/record";
import { enhancedStatusIn } from "@/lib/providers/smtp-status";

describe("provider message ids", () => {
  it("tries the stored form with and without angle brackets", () => {
    expect(messageIdForms("<em_1@mail.test>")).toEqual(["<em_1@mail.test>", "em_1@mail.test"]);
    expect(messageIdForms(" em_1@mail.test ")).toEqual(["<em_1@mail.test>", "em_1@mail.test"]);
    expect(messageIdForms("re_abc")).toEqual(["<re_abc>", "re_abc"]);
    expect(messageIdForms("<>")).toEqual([]);
    expect(messageIdForms("  ")).toEqual([]);
  });
});

describe("enhanced status codes in diagnostics", () => {
  it.each([
    ["smtp; 550 5.1.1 user unknown", "5.1.1"],
    ["550-5.7.26 unauthenticated", "5.7.26"],
    ["452 4.2.2 mailbox full", "4.2.2"],
    ["relay 10.5.1.1 said nothing", undefined],
    ["550 no code", undefined],
    ["", undefined],
  ])("%s → %s", (text, status) => {
    expect(enhancedStatusIn(text)).toBe(status);
  });
});
