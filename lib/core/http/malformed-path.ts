import { randomBase62 } from "@/lib/core/ids";
import { hostedPage } from "./hosted-page";
import { errorBody } from "./respond";

/**
 * A path whose percent-encoding does not decode (`/api/v1/contacts/%ZZ`) makes Next's router
 * answer a bare-text 500. The front door (scripts/serve.ts) answers it first: a 400 with the
 * DECISIONS §3 body and X-Request-Id on /api, a plain page elsewhere.
 */
export function hasMalformedPath(rawUrl: string): boolean {
  const path = rawUrl.split(/[?#]/, 1)[0] ?? "";
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

export function malformedPathResponse(rawUrl: string): Response {
  const requestId = `req_${randomBase62(20)}`;
  const response = rawUrl.startsWith("/api/")
    ? Response.json(
        errorBody("invalid_path", "The request path is not valid: check its percent-encoding."),
        { status: 400 },
      )
    : hostedPage(
        "Invalid address",
        "<h1>This address is not valid</h1><p>The link may have been copied incompletely. Open it again from where you found it.</p>",
        400,
      );
  response.headers.set("X-Request-Id", requestId);
  return response;
}
