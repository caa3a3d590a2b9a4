import { describe, expect, it } from "vitest";
import {
  compareNewestFirst,
  isOlderThan,
  mergeNewestFirst,
  type TimelineKey,
} from "@/lib/contacts/timeline-merge";

const item = (iso: string, id: string): TimelineKey => ({ at: new Date(iso), id });

describe("contact timeline merge", () => {
  it("orders items of every source newest first, then by id within the same millisecond", () => {
    const emails = [
      item("2026-06-03T10:00:00.000Z", "em_2"),
      item("2026-06-01T10:00:00.000Z", "em_1"),
    ];
    const runs = [item("2026-06-02T10:00:00.000Z", "run_1")];
    const events = [
      item("2026-06-03T10:00:00.000Z", "evt_9"),
      item("2026-05-30T00:00:00.000Z", "evt_1"),
    ];
    const { items, hasMore } = mergeNewestFirst([emails, runs, events], 10);
    expect(items.map((i) => i.id)).toEqual(["evt_9", "em_2", "run_1", "em_1", "evt_1"]);
    expect(hasMore).toBe(false);
  });

  it("takes the page from the union and says when more remain", () => {
    const a = [item("2026-06-05T00:00:00.000Z", "em_5"), item("2026-06-01T00:00:00.000Z", "em_1")];
    const b = [
      item("2026-06-04T00:00:00.000Z", "evt_4"),
      item("2026-06-03T00:00:00.000Z", "evt_3"),
    ];
    const { items, hasMore } = mergeNewestFirst([a, b, []], 2);
    expect(items.map((i) => i.id)).toEqual(["em_5", "evt_4"]);
    expect(hasMore).toBe(true);
    expect(mergeNewestFirst([a, b], 4).hasMore).toBe(false);
  });

  it("walks pages with the last item as cursor without losing or repeating one", () => {
    const all = [
      item("2026-06-05T00:00:00.000Z", "em_b"),
      item("2026-06-05T00:00:00.000Z", "em_a"),
      item("2026-06-05T00:00:00.000Z", "evt_a"),
      item("2026-06-04T00:00:00.000Z", "run_a"),
      item("2026-06-02T00:00:00.000Z", "sub_a"),
    ];
    const sources = [
      all.filter((i) => i.id.startsWith("em_")),
      all.filter((i) => i.id.startsWith("evt_")),
      all.filter((i) => i.id.startsWith("run_")),
      all.filter((i) => i.id.startsWith("sub_")),
    ];
    const seen: string[] = [];
    let cursor: TimelineKey | undefined;
    for (;;) {
      // What each source query returns: its items older than the cursor, limit + 1 at most.
      const older = sources.map((s) => s.filter((i) => isOlderThan(i, cursor)).slice(0, 3));
      const page = mergeNewestFirst(older, 2);
      seen.push(...page.items.map((i) => i.id));
      if (!page.hasMore) break;
      cursor = page.items[page.items.length - 1];
    }
    expect(seen).toEqual([...all].sort(compareNewestFirst).map((i) => i.id));
    expect(new Set(seen).size).toBe(all.length);
  });

  it("treats only strictly older items as after the cursor", () => {
    const cursor = item("2026-06-05T00:00:00.000Z", "em_b");
    expect(isOlderThan(item("2026-06-05T00:00:00.000Z", "em_a"), cursor)).toBe(true);
    expect(isOlderThan(item("2026-06-05T00:00:00.000Z", "em_b"), cursor)).toBe(false);
    expect(isOlderThan(item("2026-06-05T00:00:00.001Z", "a"), cursor)).toBe(false);
    expect(isOlderThan(item("2020-01-01T00:00:00.000Z", "z"), undefined)).toBe(true);
  });
});
