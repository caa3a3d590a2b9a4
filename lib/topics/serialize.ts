import { z } from "zod";
import { TOPIC_SUBSCRIPTIONS, TOPIC_VISIBILITIES, type Topic } from "@/db/schema";
import { iso, Timestamp } from "@/lib/core/serialize";

/** The Topic resource (DECISIONS §13). */
export const TopicResponse = z.strictObject({
  id: z.string().meta({ example: "tp_4Hc8sPz2QwLm9XbT" }),
  name: z.string().meta({ example: "Product updates" }),
  description: z.string().nullable(),
  default_subscription: z.enum(TOPIC_SUBSCRIPTIONS),
  visibility: z.enum(TOPIC_VISIBILITIES),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type TopicResource = z.infer<typeof TopicResponse>;

export function serializeTopic(topic: Topic): TopicResource {
  return {
    id: topic.id,
    name: topic.name,
    description: topic.description,
    default_subscription: topic.defaultSubscription,
    visibility: topic.visibility,
    created_at: iso(topic.createdAt),
    updated_at: iso(topic.updatedAt),
  };
}

/** One topic as a contact stands with it: `explicit` when the contact chose, else the default. */
export const ContactTopicResponse = z.strictObject({
  id: z.string().meta({ example: "tp_4Hc8sPz2QwLm9XbT" }),
  name: z.string(),
  description: z.string().nullable(),
  visibility: z.enum(TOPIC_VISIBILITIES),
  subscription: z.enum(TOPIC_SUBSCRIPTIONS),
  explicit: z.boolean(),
});
export type ContactTopicResource = z.infer<typeof ContactTopicResponse>;

/** A contact's topics: every topic of the project, one page (a project has few topics). */
export const ContactTopicsResponse = z.strictObject({
  data: z.array(ContactTopicResponse),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});
