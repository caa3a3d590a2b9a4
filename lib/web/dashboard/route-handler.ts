import { randomUUID } from "node:crypto";
import { AppError, ForbiddenError } from "@/lib/core/errors";
import { requestHost } from "@/lib/core/http/request-origin";
import { errorResponse } from "@/lib/core/http/respond";
import { loadDashboardContext, type DashboardContext } from "./context";

type Handler<P> = (args: {
  request: Request;
  params: P;
  dashboard: DashboardContext;
}) => Promise<Response>;

/**
 * For dashboard route handlers (file uploads and downloads that server actions cannot stream):
 * the signed-in session's current project instead of an API key, errors mapped by the API's one
 * table. Writes must come from the dashboard's own origin, as Next checks for server actions.
 */
export function withDashboardSession<P = Record<string, never>>(handler: Handler<P>) {
  return async (request: Request, route: { params: Promise<P> }): Promise<Response> => {
    try {
      if (request.method !== "GET" && !sameOrigin(request)) {
        throw new ForbiddenError("This request must come from the dashboard.");
      }
      const dashboard = await loadDashboardContext();
      // Not UnauthorizedError: that one asks for a Bearer key, the dashboard wants a sign-in.
      if (!dashboard) throw new AppError(401, "unauthorized", "Sign in to the dashboard again.");
      if (dashboard.user.mustChangePassword) {
        throw new ForbiddenError("Choose your own password first (the welcome page).");
      }
      return await handler({ request, params: await route.params, dashboard });
    } catch (error) {
      return errorResponse(error, randomUUID());
    }
  };
}

function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const host = requestHost(request.headers);
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
