import {
  describePreferences,
  oneClickUnsubscribe,
  resubscribeByToken,
  savePreferences,
  unsubscribeFromEverything,
} from "@/lib/campaigns/unsubscribe";
import {
  PREFERENCE_FORM,
  preferenceErrorPage,
  preferencePage,
} from "@/lib/campaigns/unsubscribe-page";
import { addressLimit, limitedPage } from "@/lib/core/http/address-limit";
import { readBodyText } from "@/lib/core/http/body";
import { getRuntime } from "@/lib/start/runtime";

type RouteContext = { params: Promise<{ token: string }> };

// GET /u/:token — the preference center (link scanners that follow it never change anything)
export async function GET(request: Request, { params }: RouteContext): Promise<Response> {
  const runtime = await getRuntime();
  const limit = addressLimit(runtime, request.headers);
  const refused = limitedPage(limit);
  if (refused) return refused;
  const target = await describePreferences(runtime.db, (await params).token);
  if (!target) limit.fail();
  return target ? preferencePage(target, "none") : preferenceErrorPage("invalid");
}

// POST /u/:token — one-click (List-Unsubscribe-Post: no `action`) and the page's form: 200, no
// redirect. `action`: save (the topics), unsubscribe_all, resubscribe (DECISIONS §13).
export async function POST(request: Request, { params }: RouteContext): Promise<Response> {
  const runtime = await getRuntime();
  const limit = addressLimit(runtime, request.headers);
  const refused = limitedPage(limit);
  if (refused) return refused;
  const token = (await params).token;
  const form = await formFields(request);
  const action = form.get(PREFERENCE_FORM.action);
  if (action === PREFERENCE_FORM.save || action === PREFERENCE_FORM.resubscribe) {
    // The token is the secret, and a browser says where a form came from: only this page's own
    // form subscribes anybody to anything, never a form on another site that learned the link.
    const site = request.headers.get("sec-fetch-site");
    if (site !== null && site !== "same-origin") return preferenceErrorPage("refused");
  }
  if (action === PREFERENCE_FORM.save) {
    const checked = new Set(
      [...form.entries()]
        .filter(([name, value]) => name.startsWith(PREFERENCE_FORM.topicPrefix) && value === "on")
        .map(([name]) => name.slice(PREFERENCE_FORM.topicPrefix.length)),
    );
    const target = await savePreferences(runtime, token, checked);
    if (!target) limit.fail();
    return target ? preferencePage(target, "saved") : preferenceErrorPage("invalid");
  }
  if (action === PREFERENCE_FORM.resubscribe) {
    const target = await resubscribeByToken(runtime, token);
    if (!target) limit.fail();
    return target ? preferencePage(target, "resubscribed") : preferenceErrorPage("invalid");
  }
  const target =
    action === PREFERENCE_FORM.unsubscribeAll
      ? await unsubscribeFromEverything(runtime, token)
      : await oneClickUnsubscribe(runtime, token);
  if (!target) limit.fail();
  return target
    ? preferencePage(target, target.topic && !action ? "left_topic" : "none")
    : preferenceErrorPage("invalid");
}

/** The form's fields; any other body (a one-click POST's, or none) has no `action`. */
async function formFields(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return new URLSearchParams();
  return new URLSearchParams(await readBodyText(request).catch(() => ""));
}
