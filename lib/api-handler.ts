import { authenticateApiKey } from "./api-keys/authenticate";
import { serviceContext, type ServiceContext } from "./context";
import { RateLimitedError, UnauthorizedError } from "./errors";
import { randomBase62 } from "./ids";
import { getRuntime } from "./runtime";
import { addressLimit } from "./http/address-limit";
import { pathParams } from "./http/params";
import { errorBody, errorResponse, json } from "./http/respond";

export type ApiHandlerArgs<P> = {
  request: Request;
  ctx: ServiceContext;
  params: P;
  /** Query string as a plain object (last value wins). */
  query: Record<string, string>;
};

type RouteContext<P> = { params: Promise<P> };

/**
 * Wraps every /api/v1 handler: request id, API key, per-key rate limit (and per client address
 * for requests without a valid key), and the single mapping from thrown errors to responses.
 */
export function withApiKey<P extends Record<string, string | string[]> = Record<string, never>>(
  handler: (args: ApiHandlerArgs<P>) => Promise<Response>,
) {
  return async (request: Request, route: RouteContext<P>): Promise<Response> => {
    const requestId = `req_${randomBase62(20)}`;
    let rateHeaders: Record<string, string> = {};
    let response: Response;
    try {
      const runtime = await getRuntime();
      const now = runtime.clock.now();
      const limit = addressLimit(runtime, request.headers);
      const key = await authenticateApiKey(runtime.db, request.headers.get("authorization"), now, {
        beforeUncached: limit.check,
      }).catch((error: unknown) => {
        if (error instanceof UnauthorizedError) limit.fail();
        throw error;
      });
      const verdict = runtime.limiter.take(key.id, now.getTime());
      rateHeaders = {
        "RateLimit-Limit": String(verdict.limit),
        "RateLimit-Remaining": String(verdict.remaining),
        "RateLimit-Reset": String(verdict.resetSeconds),
      };
      if (!verdict.allowed) throw new RateLimitedError(verdict.resetSeconds);
      const ctx: ServiceContext = serviceContext(runtime, key.projectId, key.mode);
      const url = new URL(request.url);
      response = await handler({
        request,
        ctx,
        params: pathParams(await route?.params),
        query: Object.fromEntries(url.searchParams),
      });
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    return withHeaders(response, { "X-Request-Id": requestId, ...rateHeaders });
  };
}

/** For routes outside key auth (the unknown-route 404): request id and error mapping only. */
export function withRequestId(handler: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const requestId = `req_${randomBase62(20)}`;
    let response: Response;
    try {
      response = await handler(request);
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    return withHeaders(response, { "X-Request-Id": requestId });
  };
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

type AnyRouteHandler = (request: Request) => Promise<Response>;

/**
 * Handlers for the methods a /v1 route does not implement: a 405 in the API's error shape with
 * `Allow` and `X-Request-Id` (Next's own 405 has neither). Each route destructures the methods it
 * lacks: `export const { PUT, DELETE } = methodsNotAllowed(["GET", "POST"]);`.
 */
export function methodsNotAllowed(allowed: readonly string[]): Record<string, AnyRouteHandler> {
  const handler = withRequestId(async (request) =>
    json(
      errorBody(
        "method_not_allowed",
        `${request.method} is not supported on ${new URL(request.url).pathname}; use ${allowed.join(" or ")}.`,
      ),
      405,
      { Allow: allowed.join(", ") },
    ),
  );
  const marked = Object.assign(handler, { methodNotAllowed: true });
  return new Proxy({}, { get: () => marked });
}

/** Whether a route export is one of methodsNotAllowed's handlers (the fuzz test skips them). */
export function isMethodNotAllowedHandler(handler: unknown): boolean {
  return typeof handler === "function" && "methodNotAllowed" in handler;
}
