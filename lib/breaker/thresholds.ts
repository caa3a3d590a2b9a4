import { eq } from "drizzle-orm";
import { projects } from "@/db/schema";
import type { Executor } from "@/db";
import { DEFAULT_THRESHOLDS, type BreakerThresholds } from "./judge";

/** A project's circuit-breaker settings (the dashboard's banners and settings read them). */
export async function breakerThresholds(
  db: Executor,
  projectId: string,
): Promise<BreakerThresholds> {
  const [row] = await db
    .select({
      bounceRateThreshold: projects.bounceRateThreshold,
      complaintRateThreshold: projects.complaintRateThreshold,
      breakerMinimumSends: projects.breakerMinimumSends,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row ?? DEFAULT_THRESHOLDS;
}
