import { withRequestId } from "@/lib/web/api-handler";
import { errorBody, json } from "@/lib/core/http/respond";

// Any /v1 path no route matched: a JSON 404 in the API's error shape
const notFound = withRequestId(async (request) =>
  json(
    errorBody(
      "route_not_found",
      `No route for ${request.method} ${new URL(request.url).pathname}.`,
    ),
    404,
  ),
);

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
