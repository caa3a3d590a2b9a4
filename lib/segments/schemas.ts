import { z } from "zod";
import { BRANCH_OPERATORS, valueProblem } from "../automations/step-schemas";
import { PageQuery } from "@/lib/core/pagination";
import { Tag } from "@/lib/core/tags";
import { TopicId } from "../topics/schemas";

/**
 * Segment conditions: `{match: "all"|"any", rules: [...]}`. A rule tests a contact field
 * (`email`, `name`, `subscribed`, `source`, `created_at`, `data.<key>`) with the branch operators
 * of DECISIONS §5, engagement: `email.opened` / `email.clicked` with `in_last_days` or
 * `not_in_last_days` and a number of days, tags: `tags` with `has_tag` / `not_has_tag` and a tag,
 * or topics: `topic` with `opted_in` / `opted_out` and a topic id.
 */
export const ENGAGEMENT_FIELDS = ["email.opened", "email.clicked"] as const;
export const ENGAGEMENT_OPERATORS = ["in_last_days", "not_in_last_days"] as const;
export const TAG_OPERATORS = ["has_tag", "not_has_tag"] as const;
export const TOPIC_OPERATORS = ["opted_in", "opted_out"] as const;
export const MAX_RULES = 50;
// A data key is anything but whitespace, dots, quotes, backslashes, braces, commas and control
// characters: the characters that would make a key ambiguous in a path (issue 10).
const DATA_KEY = String.raw`[^\s."\\{},\x00-\x1f\x7f]+`;
const CONTACT_FIELD = new RegExp(
  String.raw`^(email|name|subscribed|source|created_at|data\.${DATA_KEY}(\.${DATA_KEY})*)$`,
);

const ContactRule = z
  .object({
    field: z
      .string({ error: "must be a string" })
      .trim()
      .max(200, "must be at most 200 characters")
      .regex(
        CONTACT_FIELD,
        "must be email, name, subscribed, source, created_at, tags, topic, data.<key>, email.opened or email.clicked (a key has no spaces, dots, quotes, backslashes, braces or commas)",
      ),
    operator: z.enum(BRANCH_OPERATORS, { error: `must be one of ${BRANCH_OPERATORS.join(", ")}` }),
    value: z.unknown().optional(),
  })
  .superRefine((rule, issue) => {
    const problem = valueProblem(rule.operator, rule.value);
    if (problem) issue.addIssue({ code: "custom", path: ["value"], message: problem });
  })
  .transform(({ value, ...rest }) =>
    rest.operator === "exists" || rest.operator === "not_exists" ? rest : { ...rest, value },
  );

const EngagementRule = z.object({
  field: z.enum(ENGAGEMENT_FIELDS, { error: `must be ${ENGAGEMENT_FIELDS.join(" or ")}` }),
  operator: z.enum(ENGAGEMENT_OPERATORS, {
    error: `must be ${ENGAGEMENT_OPERATORS.join(" or ")} for ${ENGAGEMENT_FIELDS.join(" and ")}`,
  }),
  value: z
    .number({ error: "must be a number of days" })
    .int("must be a whole number of days")
    .min(1, "must be from 1 to 3650 days")
    .max(3650, "must be from 1 to 3650 days"),
});

const TagRule = z.object({
  field: z.literal("tags"),
  operator: z.enum(TAG_OPERATORS, { error: `must be ${TAG_OPERATORS.join(" or ")} for tags` }),
  value: Tag,
});

/** DECISIONS §13: a contact's subscription to a topic (its choice, else the topic's default). */
const TopicRule = z.object({
  field: z.literal("topic"),
  operator: z.enum(TOPIC_OPERATORS, {
    error: `must be ${TOPIC_OPERATORS.join(" or ")} for topic`,
  }),
  value: TopicId,
});

export type SegmentRule =
  | z.output<typeof EngagementRule>
  | z.output<typeof TagRule>
  | z.output<typeof TopicRule>
  | z.output<typeof ContactRule>;

/** A rule is checked as the kind its field names, so problems point at the field that is wrong. */
export const SegmentRule = z.unknown().transform((value, ctx): SegmentRule => {
  const field = (value as { field?: unknown } | null)?.field;
  const engagement = typeof field === "string" && field.startsWith("email.");
  const schema = engagement
    ? EngagementRule
    : field === "tags"
      ? TagRule
      : field === "topic"
        ? TopicRule
        : ContactRule;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  }
  return z.NEVER;
});

export const SegmentConditions = z.object(
  {
    match: z.enum(["all", "any"], { error: "must be all or any" }).default("all"),
    rules: z
      .array(SegmentRule, { error: "must be an array of rules" })
      .max(MAX_RULES, `must have at most ${MAX_RULES} rules`)
      .default([]),
  },
  { error: 'must be an object like {"match":"all","rules":[…]}' },
);
export type SegmentConditions = z.output<typeof SegmentConditions>;

const Name = z
  .string({ error: "is required and must be a string" })
  .trim()
  .min(1, "must not be empty")
  .max(120, "must be at most 120 characters");

export const CreateSegmentInput = z.object({ name: Name, conditions: SegmentConditions });
export const UpdateSegmentInput = z.object({
  name: Name.optional(),
  conditions: SegmentConditions.optional(),
});
export const ListSegmentsQuery = PageQuery;
export const SegmentContactsQuery = PageQuery;
