"use server";

import { revalidatePath } from "next/cache";
import { sendTestEmail, type TestSendResult } from "@/lib/sending/test-send";
import { dashboardAction } from "../action";
import { formFields, PreviousState, text } from "../action-input";
import { failure, success, type FormState } from "../form-state";

/**
 * The overview checklist's "Send a test email": a short built-in message through the one test-send
 * service (live from a verified sender, else simulated). Open to every role, like template tests.
 */
export const sendChecklistTestEmailAction = dashboardAction(
  {
    args: [PreviousState, formFields({ to: text })],
    fields: ["to"],
    echo: (_previous, form) => ({ to: form.to.trim() }),
  },
  async ({ ctx }, _previous, form): Promise<FormState<TestSendResult>> => {
    const to = form.to.trim();
    if (!to) return failure("Enter an email address.", { to: "Enter an email address." }, { to });
    const sent = await sendTestEmail(ctx, { to });
    revalidatePath("/overview");
    revalidatePath("/emails");
    return success(
      sent.mode === "test" ? "Simulated test email recorded" : "Test email sent",
      sent,
    );
  },
);
