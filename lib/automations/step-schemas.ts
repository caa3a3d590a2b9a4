import { z } from "zod";

/**
 * Input shapes of automation steps (SPEC "Step fields", DECISIONS §5). Unknown fields are
 * stripped; fields of the wrong type or range are 422s whose paths read `steps.2.delayMinutes`.
 * Pointer rules and id generation live in steps.ts, which runs on the parsed output.
 */
export const STEP_TYPES = ["email", "delay", "wait", "branch", "action"] as const;
export const BRANCH_OPERATORS = [
  "equals",
  "not_equals",
  "contains",
  "not_contains",
  "starts_with",
  "ends_with",
  "gt",
  "gte",
  "lt",
  "lte",
  "exists",
  "not_exists",
  "in",
  "not_in",
] as const;
export type BranchOperator = (typeof BRANCH_OPERATORS)[number];
export const STEP_ACTIONS = ["unsubscribe", "update-field", "add-tag", "remove-tag"] as const;

export const MAX_STEPS = 200;
export const MAX_DELAY_MINUTES = 525_600;
export const MAX_WAIT_TIMEOUT_MINUTES = 36_000;
const MAX_IN_VALUES = 100;
const MAX_VALUE_LENGTH = 1000;

const text = (max: number) =>
  z
    .string({ error: "must be a string" })
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`);

/** An optional string where null means "not set": the key is dropped from the stored step. */
const optionalText = (max: number) =>
  z
    .string({ error: "must be a string" })
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? undefined)
    .optional();

const minutes = (max: number) =>
  z
    .number({ error: "must be an integer" })
    .int("must be an integer")
    .min(1, `must be an integer from 1 to ${max}`)
    .max(max, `must be an integer from 1 to ${max}`);

/** `next`, `nextTrue`, `nextFalse`: a step id, or null to end the run. */
const Pointer = z
  .string({ error: "must be a step id or null" })
  .max(100, "must be at most 100 characters")
  .nullable()
  .optional();

const stepBase = {
  id: text(100).optional(),
  next: Pointer,
  detail: optionalText(500),
};

// email, name, subscribed, source, wait.outcome, data.<key>, event.<key>
const FIELD_PATTERN = /^(email|name|subscribed|source|wait\.outcome|(data|event)\.\S+)$/;
const Scalar = z.union([z.string().max(MAX_VALUE_LENGTH), z.number(), z.boolean()]);

const BranchCondition = z
  .object({
    field: z
      .string({ error: "must be a string" })
      .trim()
      .max(200, "must be at most 200 characters")
      .regex(
        FIELD_PATTERN,
        "must be email, name, subscribed, source, wait.outcome, data.<key> or event.<key>",
      ),
    operator: z.enum(BRANCH_OPERATORS, {
      error: `must be one of ${BRANCH_OPERATORS.join(", ")}`,
    }),
    value: z.unknown().optional(),
  })
  .superRefine((condition, issue) => {
    const problem = valueProblem(condition.operator, condition.value);
    if (problem) issue.addIssue({ code: "custom", path: ["value"], message: problem });
  })
  // exists / not_exists take no value: drop a stray one rather than store it.
  .transform(({ value, ...rest }) =>
    rest.operator === "exists" || rest.operator === "not_exists" ? rest : { ...rest, value },
  );

export function valueProblem(operator: BranchOperator, value: unknown): string | null {
  if (typeof value === "string" && value.length > MAX_VALUE_LENGTH) {
    return `must be at most ${MAX_VALUE_LENGTH} characters`;
  }
  switch (operator) {
    case "exists":
    case "not_exists":
      return null;
    case "in":
    case "not_in":
      if (!Array.isArray(value) || value.length === 0 || value.length > MAX_IN_VALUES) {
        return `must be an array of 1 to ${MAX_IN_VALUES} values for ${operator}`;
      }
      return value.every((v) => Scalar.safeParse(v).success)
        ? null
        : `must contain only strings (at most ${MAX_VALUE_LENGTH} characters), numbers or booleans`;
    case "contains":
    case "not_contains":
    case "starts_with":
    case "ends_with":
      return typeof value === "string" ? null : `must be a string for ${operator}`;
    case "gt":
    case "gte":
    case "lt":
    case "lte":
      return typeof value === "number" || typeof value === "string"
        ? null
        : `must be a number or a string for ${operator}`;
    case "equals":
    case "not_equals":
      return value === null || Scalar.safeParse(value).success
        ? null
        : `must be a string, number, boolean or null for ${operator}`;
  }
}

const EmailStep = z.object({
  ...stepBase,
  type: z.literal("email"),
  templateId: text(100),
  subjectOverride: optionalText(998),
  // DECISIONS §13: a contact opted out of this topic skips the step.
  topicId: optionalText(100),
});

const DelayStep = z.object({
  ...stepBase,
  type: z.literal("delay"),
  delayMinutes: minutes(MAX_DELAY_MINUTES),
});

const WaitStep = z.object({
  ...stepBase,
  type: z.literal("wait"),
  waitEvent: text(200),
  waitTimeoutMinutes: minutes(MAX_WAIT_TIMEOUT_MINUTES),
});

const BranchStep = z.object({
  ...stepBase,
  type: z.literal("branch"),
  branchCondition: BranchCondition,
  nextTrue: Pointer,
  nextFalse: Pointer,
});

const ActionStep = z
  .object({
    ...stepBase,
    type: z.literal("action"),
    action: z.enum(STEP_ACTIONS, { error: `must be one of ${STEP_ACTIONS.join(", ")}` }),
    actionKey: text(200).optional(),
    actionValue: z.unknown().optional(),
    tag: text(100).optional(),
  })
  .superRefine((step, issue) => {
    if (step.action === "update-field" && step.actionKey === undefined) {
      issue.addIssue({
        code: "custom",
        path: ["actionKey"],
        message: "is required for update-field",
      });
    }
    if ((step.action === "add-tag" || step.action === "remove-tag") && step.tag === undefined) {
      issue.addIssue({ code: "custom", path: ["tag"], message: `is required for ${step.action}` });
    }
  })
  // Keep only the fields the chosen action uses.
  .transform(({ actionKey, actionValue, tag, ...rest }) => {
    if (rest.action === "update-field") return { ...rest, actionKey, actionValue };
    if (rest.action === "add-tag" || rest.action === "remove-tag") return { ...rest, tag };
    return rest;
  });

export const StepInput = z.discriminatedUnion(
  "type",
  [EmailStep, DelayStep, WaitStep, BranchStep, ActionStep],
  {
    error: (issue) =>
      issue.code === "invalid_union"
        ? `must be one of ${STEP_TYPES.join(", ")}`
        : "must be a step object",
  },
);
export type StepInput = z.output<typeof StepInput>;

export const StepsInput = z
  .array(StepInput, { error: "must be an array of steps" })
  .max(MAX_STEPS, `must have at most ${MAX_STEPS} steps`);
