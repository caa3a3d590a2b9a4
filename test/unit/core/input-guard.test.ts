import { describe, expect, it } from "vitest";
import { neutralizeCell, restoreCell } from "@/lib/imports/csv-cells";
import { findInputProblem, jsonTextTooDeep, MAX_JSON_DEPTH } from "@/lib/core/input-guard";
import { parseInput } from "@/lib/core/validation";
import { z } from "zod";

describe("input guard", () => {
  it("measures JSON depth on the text, ignoring brackets inside strings", () => {
    expect(jsonTextTooDeep("[".repeat(32) + "]".repeat(32))).toBe(false);
    expect(jsonTextTooDeep("[".repeat(33) + "]".repeat(33))).toBe(true);
    expect(jsonTextTooDeep(`{"a":"${"[".repeat(100)}\\"{{{"}`)).toBe(false);
  });

  it("walks values iteratively: a million levels is a problem, not a stack overflow", () => {
    let value: unknown = 1;
    for (let i = 0; i < 1_000_000; i++) value = [value];
    expect(findInputProblem(value)?.message).toMatch(new RegExp(`${MAX_JSON_DEPTH} levels`));
  });

  it("finds NUL in strings and keys with their path", () => {
    expect(findInputProblem({ a: [{ b: "x\u0000" }] })?.path).toBe("a.0.b");
    expect(findInputProblem({ ["k\u0000"]: 1 })?.path).toBe("k\\u0000");
    expect(findInputProblem({ a: "fine", b: [1, null, true] })).toBeNull();
  });

  it("makes parseInput (server actions, worker, CLI) refuse NUL as a 422", () => {
    expect(() => parseInput(z.object({ name: z.string() }), { name: "a\u0000" })).toThrow(
      expect.objectContaining({
        status: 422,
        details: [{ path: "name", message: expect.any(String) }],
      }),
    );
  });
});

describe("CSV formula cells", () => {
  it("neutralises what a spreadsheet would evaluate, and restores it on import", () => {
    for (const cell of ["=1+1", "+a", "-a", "@a", "\ta", "\ra", "'=a", "''+a"]) {
      expect(neutralizeCell(cell)).toBe(`'${cell}`);
      expect(restoreCell(neutralizeCell(cell))).toBe(cell);
    }
    for (const cell of ["-5", "+1.5", "1e3", "plain", "'quoted", "a=b", ""]) {
      expect(neutralizeCell(cell)).toBe(cell);
      expect(restoreCell(cell)).toBe(cell);
    }
  });
});
