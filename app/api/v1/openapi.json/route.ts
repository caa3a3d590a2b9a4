import { methodsNotAllowed, withRequestId } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";
import { buildOpenApiDocument } from "@/lib/web/openapi/document";
import { getRuntime } from "@/lib/start/runtime";

let cached: { serverUrl: string; document: unknown } | undefined;

// GET /v1/openapi.json — the API described by itself (DECISIONS §10); public, no key needed
export const GET = withRequestId(async () => {
  const { config } = await getRuntime();
  if (cached?.serverUrl !== config.appUrl) {
    cached = {
      serverUrl: config.appUrl,
      document: buildOpenApiDocument({ serverUrl: config.appUrl }),
    };
  }
  return json(cached.document, 200, { "Cache-Control": "public, max-age=300" });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
