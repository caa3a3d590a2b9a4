import { AppError } from "@/lib/core/errors";

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(body, { status, headers });
}

export function errorBody(code: string, message: string, details?: unknown[]) {
  return { error: details?.length ? { code, message, details } : { code, message } };
}

/** The one error → HTTP mapping. Anything that is not an AppError is a 500 without internals. */
export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof AppError) {
    return json(errorBody(error.code, error.message, error.details), error.status, error.headers);
  }
  console.error(`[api] ${requestId} unhandled error`, error);
  return json(
    errorBody("internal_error", `Something went wrong on our side. Reference: ${requestId}.`),
    500,
  );
}
