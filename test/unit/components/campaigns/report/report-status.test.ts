import { describe, expect, it } from "vitest";
import { reportStatus } from "@/components/campaigns/report/report-status";
import type { CampaignReport } from "@/lib/campaigns/report/report";

const now = "2026-06-01T12:00:00.000Z";
const report = (
  status: CampaignReport["campaign"]["status"],
  delivery: CampaignReport["delivery"],
  scheduledAt: string | null = null,
) =>
  ({
    campaign: { status, scheduled_at: scheduledAt },
    delivery,
    now,
  }) as CampaignReport;
const delivery = (inFlight: number, queued: number, deliveryConfigured = true) => ({
  inFlight,
  queued,
  deliveryConfigured,
  waiting: [],
});

describe("the campaign report's status", () => {
  it("says Sent only once every email of a sent campaign is final", () => {
    expect(reportStatus(report("sent", delivery(5, 0)))).toBe("sending");
    expect(reportStatus(report("sent", delivery(1, 1)))).toBe("sending");
    expect(reportStatus(report("sent", delivery(0, 0)))).toBe("sent");
  });

  it("says Waiting when queued emails have no provider to go to", () => {
    expect(reportStatus(report("sent", delivery(3, 2, false)))).toBe("waiting");
    expect(reportStatus(report("sending", delivery(3, 3, false)))).toBe("waiting");
    // Sent ones are with a provider already: their reports still arrive.
    expect(reportStatus(report("sent", delivery(1, 0, false)))).toBe("sending");
  });

  it("leaves the other states as the campaign has them", () => {
    expect(reportStatus(report("paused", delivery(4, 4, false)))).toBe("paused");
    expect(reportStatus(report("queued", null))).toBe("queued");
    expect(reportStatus(report("queued", null, "2026-06-02T00:00:00.000Z"))).toBe("scheduled");
    expect(reportStatus(report("sending", delivery(0, 0)))).toBe("sending");
  });
});
