"use server";

import { revalidatePath } from "next/cache";
import { cancelScheduledEmail } from "@/lib/emails/cancel";
import { ConflictError, NotFoundError } from "@/lib/core/errors";
import { requireDashboard } from "../context";
import { failure, success, toFormState, type FormState } from "../form-state";

/** The email page's "Cancel send": the same service as POST /v1/emails/:id/cancel. */
export async function cancelScheduledEmailAction(emailId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await cancelScheduledEmail(ctx, emailId);
  } catch (error) {
    if (error instanceof NotFoundError) return failure("This email no longer exists.");
    if (error instanceof ConflictError)
      return failure("It is no longer scheduled: it was sent or canceled already.");
    return toFormState(error, []);
  }
  revalidatePath(`/emails/${emailId}`);
  revalidatePath("/emails");
  return success("Send canceled");
}
