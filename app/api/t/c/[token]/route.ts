import { getRuntime } from "@/lib/runtime";
import { recordClick } from "@/lib/tracking/record";
import { invalidLinkResponse, redirectResponse } from "@/lib/tracking/responses";

type RouteContext = { params: Promise<{ token: string }> };

// GET /api/t/c/:token?u=&s= — signed click redirect; anything not signed by us is a 404 page
export async function GET(request: Request, { params }: RouteContext): Promise<Response> {
  const { token } = await params;
  const query = new URL(request.url).searchParams;
  const result = await recordClick(await getRuntime(), {
    token,
    url: query.get("u"),
    signature: query.get("s"),
  });
  return result.ok ? redirectResponse(result.location) : invalidLinkResponse();
}
