import { z } from "zod";
import { TOPIC_SUBSCRIPTIONS, TOPIC_VISIBILITIES } from "@/db/schema";
import { PageQuery } from "@/lib/core/pagination";
import { MAX_TOPIC_CHOICES } from "./limits";

/** DECISIONS §13: a topic's fields as POST and PATCH /v1/topics take them. */
const Name = z
  .string({ error: "is required and must be a string" })
  .trim()
  .min(1, "must not be empty")
  .max(100, "must be at most 100 characters");
const Description = z
  .string({ error: "must be a string or null" })
  .trim()
  .max(500, "must be at most 500 characters")
  .nullable()
  .transform((v) => (v === null || v === "" ? null : v));
export const Subscription = z.enum(TOPIC_SUBSCRIPTIONS, { error: "must be opt_in or opt_out" });
const Visibility = z.enum(TOPIC_VISIBILITIES, { error: "must be public or private" });

export const CreateTopicInput = z.object({
  name: Name,
  description: Description.optional(),
  default_subscription: Subscription.default("opt_in"),
  visibility: Visibility.default("public"),
});
export const UpdateTopicInput = z.object({
  name: Name.optional(),
  description: Description.optional(),
  default_subscription: Subscription.optional(),
  visibility: Visibility.optional(),
});
export const ListTopicsQuery = PageQuery;

/** A topic id as clients send it: the id's shape is checked here, its existence by the service. */
export const TopicId = z
  .string({ error: "must be a topic id" })
  .trim()
  .min(1, "must be a topic id")
  .max(100, "must be a topic id");

/** A contact's choices, as PATCH /v1/contacts/:id/topics, the contact upsert and imports take them. */
export const TopicChoices = z
  .array(z.object({ id: TopicId, subscription: Subscription }), {
    error: 'must be an array like [{"id":"tp_…","subscription":"opt_in"}]',
  })
  .max(MAX_TOPIC_CHOICES, `must have at most ${MAX_TOPIC_CHOICES} topics`)
  .superRefine((choices, issue) => {
    const seen = new Set<string>();
    for (const [i, choice] of choices.entries()) {
      if (seen.has(choice.id)) {
        issue.addIssue({ code: "custom", path: [i, "id"], message: "is listed twice" });
      }
      seen.add(choice.id);
    }
  });
export type TopicChoice = z.output<typeof TopicChoices>[number];

export const SetContactTopicsInput = z.object({ topics: TopicChoices });
