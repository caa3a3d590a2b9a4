import {
  describeUnsubscribe,
  resubscribeByToken,
  unsubscribeByToken,
} from "@/lib/campaigns/unsubscribe";
import { RESUBSCRIBE_FIELD, unsubscribePage } from "@/lib/campaigns/unsubscribe-page";
import { addressLimit, limitedPage } from "@/lib/core/http/address-limit";
import { readBodyText } from "@/lib/core/http/body";
import { getRuntime } from "@/lib/start/runtime";

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

// POST /u/:token — one-click (List-Unsubscribe-Post) and the page's buttons: 200, no redirect.
// `action=resubscribe` (the page's Resubscribe button) subscribes the contact again.
export async function POST(request: Request, { params }: RouteContext): Promise<Response> {
  const runtime = await getRuntime();
  const limit = addressLimit(runtime, request.headers);
  const refused = limitedPage(limit);
  if (refused) return refused;
  const token = (await params).token;
  if (await wantsResubscribe(request)) {
    // The token is the secret, and a browser says where a form came from: only this page's own
    // form resubscribes, never a form on another site that learned the link.
    const site = request.headers.get("sec-fetch-site");
    if (site !== null && site !== "same-origin") return unsubscribePage("refused", null);
    const target = await resubscribeByToken(runtime, token);
    if (!target) limit.fail();
    return unsubscribePage(target ? "resubscribed" : "invalid", target);
  }
  const target = await unsubscribeByToken(runtime, token);
  if (!target) limit.fail();
  return unsubscribePage(target ? "done" : "invalid", target);
}

/** A form body carrying the Resubscribe button's field (any other body unsubscribes). */
async function wantsResubscribe(request: Request): Promise<boolean> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return false;
  const body = await readBodyText(request).catch(() => "");
  return new URLSearchParams(body).get(RESUBSCRIBE_FIELD.name) === RESUBSCRIBE_FIELD.value;
}
