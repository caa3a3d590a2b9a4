import { PageOf } from "@/lib/core/pagination";
import { DeletedResponse } from "@/lib/core/serialize";
import { ContactResponse } from "@/lib/contacts/serialize";
import {
  CreateSegmentInput,
  ListSegmentsQuery,
  SegmentContactsQuery,
  UpdateSegmentInput,
} from "@/lib/segments/schemas";
import { SegmentCountResponse, SegmentResponse } from "@/lib/segments/serialize";
import type { Operation } from "./operation";

const tag = "Segments";

export const segmentOperations: Operation[] = [
  {
    id: "createSegment",
    method: "post",
    path: "/v1/segments",
    tag,
    summary: "Create a segment",
    description:
      "Rules over contact fields (`email`, `name`, `subscribed`, `source`, `created_at`, `data.<key>`), engagement (a person opened or clicked, `email.opened`/`email.clicked`, in the last N days; machines do not count) or `tags`; `match` is all or any.",
    body: CreateSegmentInput,
    example: {
      body: {
        name: "Pro plan",
        conditions: {
          match: "all",
          rules: [{ field: "data.plan", operator: "equals", value: "pro" }],
        },
      },
    },
    responses: { 201: { description: "Created", schema: SegmentResponse } },
  },
  {
    id: "listSegments",
    method: "get",
    path: "/v1/segments",
    tag,
    summary: "List segments",
    description: "Newest first, keyset-paged.",
    query: ListSegmentsQuery,
    example: { query: { limit: "10" } },
    responses: { 200: { description: "A page of segments", schema: PageOf(SegmentResponse) } },
  },
  {
    id: "getSegment",
    method: "get",
    path: "/v1/segments/{id}",
    tag,
    summary: "Get a segment",
    description: "Its name and conditions.",
    responses: { 200: { description: "The segment", schema: SegmentResponse } },
  },
  {
    id: "updateSegment",
    method: "patch",
    path: "/v1/segments/{id}",
    tag,
    summary: "Update a segment",
    description: "`name` and/or `conditions`.",
    body: UpdateSegmentInput,
    example: { body: { name: "Pro plan (renamed)" } },
    responses: { 200: { description: "The updated segment", schema: SegmentResponse } },
  },
  {
    id: "deleteSegment",
    method: "delete",
    path: "/v1/segments/{id}",
    tag,
    summary: "Delete a segment",
    description: "The segment and its conditions; contacts are not affected.",
    responses: { 200: { description: "Deleted", schema: DeletedResponse } },
  },
  {
    id: "listSegmentContacts",
    method: "get",
    path: "/v1/segments/{id}/contacts",
    tag,
    summary: "List a segment's contacts",
    description: "The contacts matching it now, newest first, keyset-paged.",
    query: SegmentContactsQuery,
    responses: { 200: { description: "A page of contacts", schema: PageOf(ContactResponse) } },
  },
  {
    id: "countSegment",
    method: "get",
    path: "/v1/segments/{id}/count",
    tag,
    summary: "Count a segment's contacts",
    description: "How many contacts match it now.",
    responses: { 200: { description: "The count", schema: SegmentCountResponse } },
  },
];
