import { describe, expect, it } from "vitest";
import { sendingSeries } from "@/components/overview/sending-series";

const day = (date: string, counts: Partial<Record<string, number>> = {}) => ({
  day: date,
  sent: 0,
  delivered: 0,
  opened: 0,
  clicked: 0,
  bounced: 0,
  complained: 0,
  ...counts,
});
const today = new Date("2026-06-30T15:20:00.000Z");

describe("sendingSeries", () => {
  it("fills every day of the window, oldest first, ending today (UTC)", () => {
    const { points } = sendingSeries([day("2026-06-29", { sent: 4, delivered: 4 })], today, 30);
    expect(points).toHaveLength(30);
    expect(new Date(points[0]!.at).toISOString()).toBe("2026-06-01T00:00:00.000Z");
    expect(new Date(points.at(-1)!.at).toISOString()).toBe("2026-06-30T00:00:00.000Z");
    expect(points.map((p) => p.sent)).toEqual([...Array(28).fill(0), 4, 0]);
  });

  it("leaves a day without deliveries as a gap (null), never a 0 % rate", () => {
    const { points } = sendingSeries(
      [day("2026-06-30", { sent: 2, bounced: 2 }), day("2026-06-29")],
      today,
      3,
    );
    expect(points.map((p) => p.openRate)).toEqual([null, null, null]);
    // Bounces are a share of what was sent: that day has one.
    expect(points.map((p) => p.bounceRate)).toEqual([null, null, 1]);
  });

  it("computes opens, clicks and complaints of delivered, bounces of sent", () => {
    const { points, totals } = sendingSeries(
      [
        day("2026-06-29", { sent: 10, delivered: 8, opened: 4, clicked: 2, bounced: 2 }),
        day("2026-06-30", { sent: 10, delivered: 10, opened: 5, complained: 1 }),
      ],
      today,
      2,
    );
    expect(points[0]).toMatchObject({ openRate: 0.5, clickRate: 0.25, bounceRate: 0.2 });
    expect(points[1]).toMatchObject({ openRate: 0.5, clickRate: 0, complaintRate: 0.1 });
    expect(totals).toEqual({
      sent: 20,
      openRate: 0.5,
      clickRate: 2 / 18,
      bounceRate: 0.1,
      complaintRate: 1 / 18,
    });
  });

  it("says how the rates can be drawn: nothing, a single day (no lone dot), or a line", () => {
    expect(sendingSeries([], today, 30).rateShape).toBe("none");
    expect(sendingSeries([], today, 30).totals.openRate).toBeNull();
    // Queued-only or bounced-only days have no delivered email: still nothing to draw.
    expect(sendingSeries([day("2026-06-30", { sent: 3, bounced: 3 })], today, 30).rateShape).toBe(
      "none",
    );
    const single = sendingSeries([day("2026-06-12", { sent: 5, delivered: 5 })], today, 30);
    expect(single.rateShape).toBe("single");
    const two = sendingSeries(
      [day("2026-06-12", { sent: 5, delivered: 5 }), day("2026-06-20", { sent: 1, delivered: 1 })],
      today,
      30,
    );
    expect(two.rateShape).toBe("line");
  });

  it("ignores rows outside the window", () => {
    const { totals } = sendingSeries([day("2026-05-01", { sent: 9, delivered: 9 })], today, 30);
    expect(totals.sent).toBe(0);
  });
});
