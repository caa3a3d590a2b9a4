import type { Automation } from "@/db/schema";
import { iso } from "../serialize";

export function serializeAutomation(automation: Automation) {
  return {
    id: automation.id,
    name: automation.name,
    status: automation.status,
    trigger: automation.trigger,
    steps: automation.steps,
    step_count: automation.steps.length,
    created_at: iso(automation.createdAt),
    updated_at: iso(automation.updatedAt),
  };
}
export type AutomationResource = ReturnType<typeof serializeAutomation>;
