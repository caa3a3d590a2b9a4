import { describe, expect, it } from "vitest";
import { GroupCommit, type ItemResult } from "@/lib/core/group-commit";

/** A writeGroup whose groups finish when the test says, recording what it was given. */
function controlledWriter(
  answer: (item: string) => ItemResult<string> = (item) => ({
    ok: true,
    value: item.toUpperCase(),
  }),
) {
  const groups: string[][] = [];
  const finish: Array<(fail?: boolean) => void> = [];
  const write = (items: string[]) =>
    new Promise<ItemResult<string>[]>((resolve, reject) => {
      groups.push(items);
      finish.push((fail) => (fail ? reject(new Error("aborted")) : resolve(items.map(answer))));
    });
  return { write, groups, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("GroupCommit", () => {
  it("writes an item at once when a slot is free, and what waits meanwhile as one group", async () => {
    const writer = controlledWriter();
    const group = new GroupCommit(writer.write, { maxItems: 10, maxInFlight: 1 });
    const first = group.submit("a");
    const rest = ["b", "c", "d"].map((item) => group.submit(item));
    expect(writer.groups).toEqual([["a"]]);
    writer.finish[0]!();
    await expect(first).resolves.toBe("A");
    await settle();
    expect(writer.groups).toEqual([["a"], ["b", "c", "d"]]);
    writer.finish[1]!();
    await expect(Promise.all(rest)).resolves.toEqual(["B", "C", "D"]);
  });

  it("keeps to maxItems and maxInFlight", async () => {
    const writer = controlledWriter();
    const group = new GroupCommit(writer.write, { maxItems: 2, maxInFlight: 2 });
    const all = ["a", "b", "c", "d", "e", "f"].map((item) => group.submit(item));
    expect(writer.groups).toEqual([["a"], ["b"]]);
    writer.finish[0]!();
    writer.finish[1]!();
    await settle();
    expect(writer.groups.slice(2)).toEqual([
      ["c", "d"],
      ["e", "f"],
    ]);
    writer.finish[2]!();
    writer.finish[3]!();
    await expect(Promise.all(all)).resolves.toEqual(["A", "B", "C", "D", "E", "F"]);
  });

  it("answers each item its own result: one refused item does not refuse the others", async () => {
    const writer = controlledWriter((item) =>
      item === "bad" ? { ok: false, error: new Error("refused") } : { ok: true, value: item },
    );
    const group = new GroupCommit(writer.write, { maxItems: 10, maxInFlight: 1 });
    void group.submit("first");
    const items = ["x", "bad", "y"].map((item) => group.submit(item));
    writer.finish[0]!();
    await settle();
    writer.finish[1]!();
    const results = await Promise.allSettled(items);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(writer.groups).toEqual([["first"], ["x", "bad", "y"]]);
  });

  it("writes a failed group again one item at a time, each caller getting its own answer", async () => {
    const writes: string[][] = [];
    const group = new GroupCommit(
      async (items: string[]) => {
        writes.push(items);
        if (items.includes("poison")) throw new Error(`aborted by ${items.join(",")}`);
        return items.map((item) => ({ ok: true as const, value: item }));
      },
      { maxItems: 10, maxInFlight: 1 },
    );
    const blocker = group.submit("blocker");
    const items = ["a", "poison", "b"].map((item) => group.submit(item));
    await blocker;
    const results = await Promise.allSettled(items);
    expect(results[0]).toEqual({ status: "fulfilled", value: "a" });
    expect(results[1]).toMatchObject({
      status: "rejected",
      reason: { message: "aborted by poison" },
    });
    expect(results[2]).toEqual({ status: "fulfilled", value: "b" });
    expect(writes).toEqual([["blocker"], ["a", "poison", "b"], ["a"], ["poison"], ["b"]]);
  });
});
