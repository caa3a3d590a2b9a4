"use server";

import { revalidatePath } from "next/cache";
import { sendTestEmail, type TestSendResult } from "@/lib/sending/test-send";
import { requireDashboard } from "../context";
import { failure, success, toFormState, type FormState } from "../form-state";

/**
 * The overview checklist's "Send a test email": a short built-in message through the one test-send
 * service (live from a verified sender, else simulated). Open to every role, like template tests.
 */
export async function sendChecklistTestEmailAction(
  _previous: FormState<TestSendResult>,
  form: FormData,
): Promise<FormState<TestSendResult>> {
  const { ctx } = await requireDashboard();
  const to = String(form.get("to") ?? "").trim();
  if (!to) return failure("Enter an email address.", { to: "Enter an email address." }, { to });
  try {
    const sent = await sendTestEmail(ctx, { to });
    revalidatePath("/overview");
    revalidatePath("/emails");
    return success(
      sent.mode === "test" ? "Simulated test email recorded" : "Test email sent",
      sent,
    );
  } catch (error) {
    const state = toFormState(error, ["to"]);
    return state.status === "error" ? { ...state, values: { to } } : state;
  }
}
