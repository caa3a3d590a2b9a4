import { z } from "zod";
import { RUN_STATUSES } from "@/db/schema";
import { PageQuery } from "@/lib/core/pagination";
import { EventName, parseInput } from "@/lib/core/validation";
import { StepsInput } from "./step-schemas";
import { finalizeSteps } from "./steps";

/** What PATCH may set; `paused` is the circuit breaker's (resume with POST …/resume). */
export const AUTOMATION_STATUSES = ["draft", "live"] as const;
export const LISTED_AUTOMATION_STATUSES = ["draft", "live", "paused"] as const;

const Name = z
  .string({ error: "is required and must be a string" })
  .trim()
  .min(1, "must not be empty")
  .max(120, "must be at most 120 characters");

export const Trigger = z.discriminatedUnion(
  "event",
  [
    z.object({ event: z.literal("contact.subscribed") }),
    z.object({ event: z.literal("event"), name: EventName }),
  ],
  {
    error: (issue) =>
      issue.code === "invalid_union"
        ? "must be contact.subscribed or event"
        : 'must be an object like {"event":"contact.subscribed"}',
  },
);
export type Trigger = z.output<typeof Trigger>;

const Status = z.enum(AUTOMATION_STATUSES, { error: "must be draft or live" });

export const CreateAutomationInput = z.object({
  name: Name,
  trigger: Trigger.default({ event: "contact.subscribed" }),
  steps: StepsInput.default([]),
  // New automations always start as draft (SPEC). Sending "draft" is harmless; anything else is
  // rejected rather than silently ignored, so a client asking for "live" learns it must PATCH.
  status: z
    .literal("draft", { error: "must be draft: new automations start as draft, PATCH to go live" })
    .optional(),
});

export const UpdateAutomationInput = z.object({
  name: Name.optional(),
  trigger: Trigger.optional(),
  steps: StepsInput.optional(),
  status: Status.optional(),
});

export const ListAutomationsQuery = PageQuery.extend({
  status: z.enum(LISTED_AUTOMATION_STATUSES, { error: "must be draft, live or paused" }).optional(),
});

export const ListRunsQuery = PageQuery.extend({
  status: z.enum(RUN_STATUSES, { error: `must be one of ${RUN_STATUSES.join(", ")}` }).optional(),
});

/** Parses a create body: zod shapes, then step ids and pointer rules (may 422). */
export function parseCreateAutomation(input: unknown) {
  const values = parseInput(CreateAutomationInput, input);
  return { name: values.name, trigger: values.trigger, steps: finalizeSteps(values.steps) };
}

export function parseUpdateAutomation(input: unknown) {
  const values = parseInput(UpdateAutomationInput, input);
  return { ...values, steps: values.steps && finalizeSteps(values.steps) };
}
