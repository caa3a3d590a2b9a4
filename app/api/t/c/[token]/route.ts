import { addressLimit, limitedPage } from "@/lib/core/http/address-limit";
import { getRuntime } from "@/lib/start/runtime";
import { recordClick } from "@/lib/tracking/record";
import { trackingRequestOf } from "@/lib/tracking/request";
import { invalidLinkResponse, redirectResponse } from "@/lib/tracking/responses";

type RouteContext = { params: Promise<{ token: string }> };

// GET /api/t/c/:token?u=&s= — signed click redirect; anything not signed by us is a 404 page
export async function GET(request: Request, { params }: RouteContext): Promise<Response> {
  const { token } = await params;
  const query = new URL(request.url).searchParams;
  const runtime = await getRuntime();
  const limit = addressLimit(runtime, request.headers);
  const refused = limitedPage(limit);
  if (refused) return refused;
  const result = await recordClick(runtime, {
    token,
    url: query.get("u"),
    signature: query.get("s"),
    request: trackingRequestOf(request.method, request.headers),
  });
  if (!result.ok) limit.fail();
  return result.ok ? redirectResponse(result.location) : invalidLinkResponse();
}

// HEAD /api/t/c/:token?u=&s= — the same answer; recorded as a machine's click (DECISIONS §14)
export const HEAD = GET;
