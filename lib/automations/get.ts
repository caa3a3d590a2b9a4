import type { ServiceContext } from "../context";
import { findAutomationOrThrow } from "./internal";

export async function getAutomation(ctx: ServiceContext, automationId: string) {
  return findAutomationOrThrow(ctx.db, ctx.projectId, automationId);
}
