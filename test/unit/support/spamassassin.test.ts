import { describe, expect, it } from "vitest";
import { parseSpamStatus } from "../../support/spamassassin";

describe("parseSpamStatus (test/support/spamassassin)", () => {
  it("reads the score and the rules of a folded X-Spam-Status header", () => {
    const output = [
      "Received: from a.test (a.test [46.101.32.25])",
      "X-Spam-Checker-Version: SpamAssassin 4.0.1 (2024-03-26) on vm",
      "X-Spam-Level: *",
      "X-Spam-Status: No, score=1.3 required=5.0 tests=HTML_MESSAGE,",
      "\tRCVD_ILLEGAL_IP,WEIRD_PORT autolearn=no autolearn_force=no version=4.0.1",
      "Subject: Hi",
      "",
      "X-Spam-Status: Yes, score=99.0 tests=IN_THE_BODY",
    ].join("\n");
    expect(parseSpamStatus(output)).toEqual({
      score: 1.3,
      rules: ["HTML_MESSAGE", "RCVD_ILLEGAL_IP", "WEIRD_PORT"],
    });
  });

  it("reads negative scores, no rules, and refuses output without the header", () => {
    expect(
      parseSpamStatus("X-Spam-Status: No, score=-0.1 required=5.0 tests=none\r\n\r\nbody"),
    ).toEqual({ score: -0.1, rules: [] });
    expect(() => parseSpamStatus("Subject: x\n\nbody")).toThrow(/no X-Spam-Status/);
  });
});
