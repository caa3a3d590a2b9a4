import { PageOf } from "@/lib/core/pagination";
import { CreateSuppressionInput, ListSuppressionsQuery } from "@/lib/suppressions/schemas";
import { DeletedSuppressionResponse, SuppressionResponse } from "@/lib/suppressions/serialize";
import type { Operation } from "./operation";

const tag = "Suppressions";

export const suppressionOperations: Operation[] = [
  {
    id: "createSuppression",
    method: "post",
    path: "/v1/suppressions",
    tag,
    summary: "Suppress an address",
    description:
      "Nothing is sent to it any more. Idempotent by email: 201 when new, 200 (unchanged) when it exists.",
    body: CreateSuppressionInput,
    example: { body: { email: "no-more@example.com", reason: "manual" } },
    responses: {
      200: { description: "Already suppressed", schema: SuppressionResponse },
      201: { description: "Suppressed", schema: SuppressionResponse },
    },
  },
  {
    id: "listSuppressions",
    method: "get",
    path: "/v1/suppressions",
    tag,
    summary: "List suppressions",
    description: "Newest first, keyset-paged.",
    query: ListSuppressionsQuery,
    example: { query: { limit: "10" } },
    responses: {
      200: { description: "A page of suppressions", schema: PageOf(SuppressionResponse) },
    },
  },
  {
    id: "deleteSuppression",
    method: "delete",
    path: "/v1/suppressions/{email}",
    tag,
    summary: "Remove a suppression",
    description: "The address (URL-encoded, case-insensitive) may be sent to again.",
    responses: { 200: { description: "Removed", schema: DeletedSuppressionResponse } },
  },
];
