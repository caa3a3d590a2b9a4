import { PageOf } from "@/lib/core/pagination";
import { DeletedResponse } from "@/lib/core/serialize";
import {
  CreateTopicInput,
  ListTopicsQuery,
  SetContactTopicsInput,
  UpdateTopicInput,
} from "@/lib/topics/schemas";
import { ContactTopicsResponse, TopicResponse } from "@/lib/topics/serialize";
import type { Operation } from "./operation";

const tag = "Topics";

export const topicOperations: Operation[] = [
  {
    id: "createTopic",
    method: "post",
    path: "/v1/topics",
    tag,
    summary: "Create a topic",
    description:
      "What a project writes about (a newsletter, product updates). A contact without a choice of its own gets `default_subscription`; `public` topics are listed on the preference center behind every unsubscribe link, `private` ones only in the API and the dashboard. Names are unique per project, whatever their case.",
    body: CreateTopicInput,
    codes: { 409: ["topic_exists"] },
    example: {
      body: { name: "Product updates", description: "New features, once a month" },
    },
    responses: { 201: { description: "Created", schema: TopicResponse } },
  },
  {
    id: "listTopics",
    method: "get",
    path: "/v1/topics",
    tag,
    summary: "List topics",
    description: "Newest first, keyset-paged.",
    query: ListTopicsQuery,
    example: { query: { limit: "10" } },
    responses: { 200: { description: "A page of topics", schema: PageOf(TopicResponse) } },
  },
  {
    id: "getTopic",
    method: "get",
    path: "/v1/topics/{id}",
    tag,
    summary: "Get a topic",
    description: "One topic of the key's project.",
    responses: { 200: { description: "The topic", schema: TopicResponse } },
  },
  {
    id: "updateTopic",
    method: "patch",
    path: "/v1/topics/{id}",
    tag,
    summary: "Update a topic",
    description:
      "Any of `name`, `description`, `default_subscription`, `visibility`. A new default applies to every contact that has not chosen.",
    body: UpdateTopicInput,
    codes: { 409: ["topic_exists"] },
    example: { body: { name: "Product news", description: "New features, twice a month" } },
    responses: { 200: { description: "The updated topic", schema: TopicResponse } },
  },
  {
    id: "deleteTopic",
    method: "delete",
    path: "/v1/topics/{id}",
    tag,
    summary: "Delete a topic",
    description:
      "The topic and every contact's choice about it. Refused with 409 `topic_in_use` while a campaign that has not been sent or a live automation's email step is about it.",
    codes: { 409: ["topic_in_use"] },
    responses: { 200: { description: "Deleted", schema: DeletedResponse } },
  },
  {
    id: "listContactTopics",
    method: "get",
    path: "/v1/contacts/{id}/topics",
    tag,
    summary: "A contact's topics",
    description:
      "Every topic of the project (private ones included), oldest first, with the contact's `subscription`: its own choice (`explicit: true`) or else the topic's default. One page.",
    responses: {
      200: { description: "The contact's topics", schema: ContactTopicsResponse },
    },
  },
  {
    id: "updateContactTopics",
    method: "patch",
    path: "/v1/contacts/{id}/topics",
    tag,
    summary: "Change a contact's topics",
    description:
      "Records the contact's choice for each topic sent; the others stay as they were. Answers the same list as GET. An id that is not a topic of the project is a 422 naming it.",
    body: SetContactTopicsInput,
    example: { body: { topics: [] } },
    responses: {
      200: { description: "The contact's topics", schema: ContactTopicsResponse },
    },
  },
];
