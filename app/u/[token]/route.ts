import { describeUnsubscribe, unsubscribeByToken } from "@/lib/campaigns/unsubscribe";
import { unsubscribePage } from "@/lib/campaigns/unsubscribe-page";
import { addressLimit, limitedPage } from "@/lib/http/address-limit";
import { getRuntime } from "@/lib/runtime";

type RouteContext = { params: Promise<{ token: string }> };

// GET /u/:token — the hosted unsubscribe page: who, and a button (link scanners never unsubscribe)
export async function GET(request: Request, { params }: RouteContext): Promise<Response> {
  const runtime = await getRuntime();
  const limit = addressLimit(runtime, request.headers);
  const refused = limitedPage(limit);
  if (refused) return refused;
  const target = await describeUnsubscribe(runtime.db, (await params).token);
  if (!target) limit.fail();
  return unsubscribePage(target ? (target.subscribed ? "confirm" : "done") : "invalid", target);
}

// POST /u/:token — one-click (List-Unsubscribe-Post) and the page's button: 200, no redirect
export async function POST(request: Request, { params }: RouteContext): Promise<Response> {
  const runtime = await getRuntime();
  const limit = addressLimit(runtime, request.headers);
  const refused = limitedPage(limit);
  if (refused) return refused;
  const target = await unsubscribeByToken(runtime, (await params).token);
  if (!target) limit.fail();
  return unsubscribePage(target ? "done" : "invalid", target);
}
