import { startDueCampaigns } from "@/lib/campaigns/send";
import type { TestApp } from "./app";

/** What a worker's poller does for campaigns, now (after a fake-clock move). */
export function startCampaignsDue(app: TestApp) {
  return startDueCampaigns(app.runtime);
}
