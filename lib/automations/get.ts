import type { ServiceContext } from "@/lib/core/context";
import { findAutomationOrThrow } from "./internal";
import { automationStats } from "./stats";

export async function getAutomation(ctx: ServiceContext, automationId: string) {
  return findAutomationOrThrow(ctx.db, ctx.projectId, automationId);
}

/** The automation with its live counters (GET /v1/automations/:id, the builder). */
export async function getAutomationWithStats(ctx: ServiceContext, automationId: string) {
  const automation = await findAutomationOrThrow(ctx.db, ctx.projectId, automationId);
  return { automation, stats: await automationStats(ctx.db, automation.id) };
}
