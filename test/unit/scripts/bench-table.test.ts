import { describe, expect, it } from "vitest";
import { markdownTable } from "../../../bench/lib/table";

describe("markdownTable (bench summaries)", () => {
  it("prints a heading for every figure", () => {
    expect(markdownTable(["driver", "req/s"], [["postgres", "642"]])).toBe(
      "| driver | req/s |\n| --- | --- |\n| postgres | 642 |",
    );
  });

  it("refuses a row with a figure the header does not name (bench:api printed one)", () => {
    expect(() => markdownTable(["driver", "req/s"], [["postgres", "642", "1,154"]])).toThrow(
      /3 cells for 2 headings/,
    );
  });
});
