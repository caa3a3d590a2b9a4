import { describe, expect, it } from "vitest";
import { pruneNoOpFuzzing } from "../../contract/prune";

/** The contract run's clean-up of Portman's fuzz variations that break no rule. */
const query = (to: string | null) => ({
  url: {
    query: [
      { key: "limit", value: "20", disabled: true },
      { key: "to", value: to ?? "x", disabled: to === null },
    ],
  },
});
const collection = (...items: { name: string; request: object }[]) => ({
  item: [{ name: "Emails", item: items }],
});
const names = (c: { item: { item?: { name: string }[] }[] }) =>
  c.item.flatMap((folder) => folder.item?.map((i) => i.name) ?? []);

describe("pruneNoOpFuzzing", () => {
  it("drops a maximum-length variation whose value Portman left empty, keeps a too-long one", () => {
    const c = collection(
      { name: "List emails", request: query(null) },
      { name: "List emails[Fuzzed][maximum length to]", request: query("") },
      { name: "List emails[Fuzzed][maximum length since]", request: query("x".repeat(321)) },
    );
    expect(pruneNoOpFuzzing(c)).toBe(1);
    expect(names(c)).toEqual(["List emails", "List emails[Fuzzed][maximum length since]"]);
  });

  it("drops the same for a body field, and a variation that sends the example unchanged", () => {
    const body = (value: unknown) => ({ body: { raw: JSON.stringify({ name: value }) } });
    const c = collection(
      { name: "Create", request: body("Ana") },
      { name: "Create[Fuzzed][maximum length name]", request: body("") },
      { name: "Create[Fuzzed][minimum length nickname]", request: body("Ana") },
      { name: "Create[Fuzzed][required name]", request: { body: { raw: "{}" } } },
    );
    expect(pruneNoOpFuzzing(c)).toBe(2);
    expect(names(c)).toEqual(["Create", "Create[Fuzzed][required name]"]);
  });
});
