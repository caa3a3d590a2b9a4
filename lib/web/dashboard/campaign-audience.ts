import type { ServiceContext } from "@/lib/core/context";
import { countReachable } from "@/lib/campaigns/audience";

export type CampaignAudience = { target: "all" | "segment"; segment?: string | null };

/**
 * How many contacts a send would reach now, by the campaign audience definition the fan-out
 * uses (lib/campaigns/audience.ts): the number in the confirmation is the number that gets the
 * email. A segment that is not the project's reaches nobody.
 */
export function countCampaignRecipients(
  ctx: ServiceContext,
  audience: CampaignAudience,
): Promise<number> {
  return countReachable(
    ctx.db,
    { projectId: ctx.projectId, target: audience.target, segmentId: audience.segment ?? null },
    ctx.clock.now(),
  );
}
