import { NextResponse, type NextRequest } from "next/server";
import { isDevelopmentBuild } from "@/lib/core/config";
import { REQUESTED_PATH_HEADER } from "@/lib/web/dashboard/return-path";
import { apiReferenceCsp, dashboardCsp } from "@/lib/core/http/security-headers";

/**
 * Runs before every dashboard page (and the public API reference, /docs/api): a fresh nonce and the content security policy that carries
 * it (Next reads the nonce from the request's policy and puts it on its scripts, so every page
 * must render per request; they do, behind the session). API routes, the hosted pages, uploaded
 * images (media/), the sample pictures previews show (samples/) and static files are not matched:
 * they have their own headers (next.config.ts, hosted-page.ts, app/media).
 */
export function proxy(request: NextRequest) {
  // A NUL byte names no page and is no filter value; without this check the database lookup
  // behind the page fails with a 500.
  const { pathname, search } = request.nextUrl;
  if (/%00|\u0000/.test(pathname) || /%00/.test(search)) {
    return new NextResponse("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  // The public API reference gets its own, narrower policy (no remote images, no frames).
  const policy = (pathname.startsWith("/docs/") ? apiReferenceCsp : dashboardCsp)(
    nonce,
    isDevelopmentBuild,
  );
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  // For the sign-in round trip (callbackUrl) and the 404's way back: pages cannot see their URL.
  requestHeaders.set(REQUESTED_PATH_HEADER, `${pathname}${search}`);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|favicon|samples/|u/|confirm/|media/).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
