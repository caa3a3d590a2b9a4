import { confirmSubscription, describeConfirmation } from "@/lib/contacts/double-opt-in";
import { confirmationPage } from "@/lib/contacts/confirmation-page";
import { addressLimit, limitedPage } from "@/lib/core/http/address-limit";
import { getRuntime } from "@/lib/start/runtime";

type RouteContext = { params: Promise<{ token: string }> };

// GET /confirm/:token — the double opt-in page: who, and a Confirm button (scanners never confirm)
export async function GET(request: Request, { params }: RouteContext): Promise<Response> {
  const runtime = await getRuntime();
  const limit = addressLimit(runtime, request.headers);
  const refused = limitedPage(limit);
  if (refused) return refused;
  const target = await describeConfirmation(runtime, (await params).token);
  if (!target) limit.fail();
  return confirmationPage(target ? "confirm" : "invalid", target);
}

// POST /confirm/:token — confirms the subscription
export async function POST(request: Request, { params }: RouteContext): Promise<Response> {
  const runtime = await getRuntime();
  const limit = addressLimit(runtime, request.headers);
  const refused = limitedPage(limit);
  if (refused) return refused;
  const token = (await params).token;
  const target = await describeConfirmation(runtime, token);
  if (!target) limit.fail();
  const confirmed = target ? await confirmSubscription(runtime, token) : null;
  return confirmationPage(confirmed ? "done" : "invalid", target);
}
