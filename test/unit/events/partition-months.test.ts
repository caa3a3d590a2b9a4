import { describe, expect, it } from "vitest";
import {
  addMonths,
  monthOfPartition,
  monthsToEnsure,
  monthStart,
  partitionName,
  partitionsToDrop,
} from "@/lib/events/partition-months";

const at = (iso: string) => new Date(iso);

describe("event partition months", () => {
  it("names a month in UTC, whatever the hour", () => {
    expect(partitionName("events", monthStart(at("2026-12-31T23:59:59.999Z")))).toBe(
      "events_p2026_12",
    );
    expect(partitionName("email_events", monthStart(at("2027-01-01T00:00:00.000Z")))).toBe(
      "email_events_p2027_01",
    );
  });

  it("steps months across a year's end", () => {
    expect(addMonths(at("2026-11-01T00:00:00Z"), 2).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(
      monthsToEnsure(at("2026-12-15T08:00:00Z")).map((m) => partitionName("events", m)),
    ).toEqual(["events_p2026_12", "events_p2027_01", "events_p2027_02"]);
  });

  it("reads a month back from its partition's name only", () => {
    expect(monthOfPartition("events", "events_p2026_06")?.toISOString()).toBe(
      "2026-06-01T00:00:00.000Z",
    );
    expect(monthOfPartition("events", "email_events_p2026_06")).toBeNull();
    expect(monthOfPartition("email_events", "events_p2026_06")).toBeNull();
    expect(monthOfPartition("events", "events_default")).toBeNull();
    expect(monthOfPartition("events", "events_p2026_13")).toBeNull();
  });

  it("drops a month once its upper bound is at or before the cutoff, never DEFAULT", () => {
    const names = ["events_default", "events_p2026_05", "events_p2026_06", "events_p2026_07"];
    expect(partitionsToDrop("events", names, at("2026-07-01T00:00:00Z"))).toEqual([
      "events_p2026_05",
      "events_p2026_06",
    ]);
    expect(partitionsToDrop("events", names, at("2026-06-30T23:59:59Z"))).toEqual([
      "events_p2026_05",
    ]);
  });
});
