import { authenticateApiKey } from "@/lib/api-keys/authenticate";
import { permits, type KeyPermission } from "@/lib/api-keys/keys";
import { serviceContext, type ServiceContext } from "@/lib/core/context";
import { ForbiddenError, RateLimitedError, UnauthorizedError } from "@/lib/core/errors";
import { randomBase62 } from "@/lib/core/ids";
import { getRuntime } from "@/lib/start/runtime";
import { addressLimit } from "@/lib/core/http/address-limit";
import { pathParams } from "@/lib/core/http/params";
import { errorBody, errorResponse, json } from "@/lib/core/http/respond";

export type ApiHandlerArgs<P> = {
  request: Request;
  ctx: ServiceContext;
  params: P;
  /** Query string as a plain object (last value wins). */
  query: Record<string, string>;
};

type RouteContext<P> = { params: Promise<P> };
type ApiHandler<P> = (args: ApiHandlerArgs<P>) => Promise<Response>;
type RouteHandler<P> = (request: Request, route: RouteContext<P>) => Promise<Response>;
type Params = Record<string, string | string[]>;

export type ApiRouteOptions = {
  /**
   * The key permission the route needs (DECISIONS §12). `full` unless the route says
   * `sending`, so a new route is closed to sending keys until it is declared open to them.
   */
  permission?: KeyPermission;
};

/**
 * Wraps every /api/v1 handler: request id, API key and its permission, per-key rate limit (and
 * per client address for requests without a valid key), and the single mapping from thrown
 * errors to responses. `withApiKey({ permission: "sending" }, handler)` opens a route to
 * sending keys.
 */
export function withApiKey<P extends Params = Record<string, never>>(
  handler: ApiHandler<P>,
): RouteHandler<P>;
export function withApiKey<P extends Params = Record<string, never>>(
  options: ApiRouteOptions,
  handler: ApiHandler<P>,
): RouteHandler<P>;
export function withApiKey<P extends Params>(
  first: ApiHandler<P> | ApiRouteOptions,
  second?: ApiHandler<P>,
): RouteHandler<P> {
  const [options, handler] = typeof first === "function" ? [{}, first] : [first, second!];
  const needed: KeyPermission = options.permission ?? "full";
  const wrapped = async (request: Request, route: RouteContext<P>): Promise<Response> => {
    const requestId = `req_${randomBase62(20)}`;
    let rateHeaders: Record<string, string> = {};
    let response: Response;
    try {
      const runtime = await getRuntime();
      const now = runtime.clock.now();
      const limit = addressLimit(runtime, request.headers);
      const key = await authenticateApiKey(runtime, request.headers.get("authorization"), now, {
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
      if (!permits(key.permission, needed)) throw insufficientPermission(request);
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
  return Object.assign(wrapped, { keyPermission: needed });
}

/** The key permission a route export needs (tests and the OpenAPI check read it); null if none. */
export function keyPermissionOf(handler: unknown): KeyPermission | null {
  return typeof handler === "function" && "keyPermission" in handler
    ? (handler.keyPermission as KeyPermission)
    : null;
}

function insufficientPermission(request: Request) {
  const path = new URL(request.url).pathname.replace(/^\/api/, "");
  return new ForbiddenError(
    `This API key has sending access: it can send email and events and read emails. ${request.method} ${path} needs a key with full access.`,
    "insufficient_permission",
  );
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
