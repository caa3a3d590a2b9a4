"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ConflictError } from "@/lib/core/errors";
import { createTopic, deleteTopic, updateTopic } from "@/lib/topics/manage";
import { updateContactTopics } from "@/lib/topics/subscriptions";
import { dashboardAction } from "../action";
import { formFields, Id, PreviousState, text } from "../action-input";
import { failure, success, type FormState } from "../form-state";

const FIELDS = ["name", "description", "default_subscription", "visibility"] as const;
const GONE = "This topic no longer exists. It may have been deleted in another tab.";

/** The topic dialog: the segmented controls post their value as hidden text fields. */
const TopicForm = formFields({
  name: text,
  description: text,
  default_subscription: text,
  visibility: text,
});

/** A name another topic has is the name field's error, not a banner. */
const nameTaken = (error: unknown) =>
  error instanceof ConflictError && error.code === "topic_exists"
    ? failure("Please correct the highlighted fields.", { name: error.message })
    : undefined;

function revalidateTopics() {
  revalidatePath("/topics");
  revalidatePath("/contacts/[id]", "page");
}

export const createTopicAction = dashboardAction(
  { args: [PreviousState, TopicForm], fields: FIELDS, onError: nameTaken },
  async ({ ctx }, _previous, form): Promise<FormState<{ id: string }>> => {
    const topic = await createTopic(ctx, form);
    revalidateTopics();
    return success(`Topic “${topic.name}” created`, { id: topic.id });
  },
);

export const updateTopicAction = dashboardAction(
  { args: [Id, PreviousState, TopicForm], fields: FIELDS, notFound: GONE, onError: nameTaken },
  async ({ ctx }, topicId, _previous, form): Promise<FormState<{ id: string }>> => {
    const topic = await updateTopic(ctx, topicId, form);
    revalidateTopics();
    return success("Topic saved", { id: topic.id });
  },
);

/** Refused (409 topic_in_use) while a campaign or a live automation is about it: its message says which. */
export const deleteTopicAction = dashboardAction(
  { args: [Id], notFound: "This topic was already deleted." },
  async ({ ctx }, topicId) => {
    await deleteTopic(ctx, topicId);
    revalidateTopics();
    return success("Topic deleted");
  },
);
const Choice = z.object({ id: z.string(), subscription: z.enum(["opt_in", "opt_out"]) });

/** A contact's switch on one topic: records the choice as explicit. */
export const setContactTopicAction = dashboardAction(
  { args: [Id, Choice], notFound: "This contact or topic no longer exists. Reload the page." },
  async ({ ctx }, contactId, choice) => {
    await updateContactTopics(ctx, contactId, { topics: [choice] });
    revalidatePath(`/contacts/${contactId}`);
    return success(
      choice.subscription === "opt_in" ? "Subscribed to topic" : "Unsubscribed from topic",
    );
  },
);
