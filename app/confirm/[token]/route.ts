import { confirmSubscription, describeConfirmation } from "@/lib/contacts/double-opt-in";
import { confirmationPage } from "@/lib/contacts/confirmation-page";
import { getRuntime } from "@/lib/runtime";

type RouteContext = { params: Promise<{ token: string }> };

// GET /confirm/:token — the double opt-in page: who, and a Confirm button (scanners never confirm)
export async function GET(_request: Request, { params }: RouteContext): Promise<Response> {
  const runtime = await getRuntime();
  const target = await describeConfirmation(runtime.db, (await params).token);
  return confirmationPage(target ? "confirm" : "invalid", target);
}

// POST /confirm/:token — confirms the subscription
export async function POST(_request: Request, { params }: RouteContext): Promise<Response> {
  const runtime = await getRuntime();
  const token = (await params).token;
  const target = await describeConfirmation(runtime.db, token);
  const confirmed = target ? await confirmSubscription(runtime, token) : null;
  return confirmationPage(confirmed ? "done" : "invalid", target);
}
