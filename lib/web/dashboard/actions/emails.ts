"use server";

import { revalidatePath } from "next/cache";
import { cancelScheduledEmail } from "@/lib/emails/cancel";
import { ConflictError } from "@/lib/core/errors";
import { dashboardAction } from "../action";
import { Id } from "../action-input";
import { failure, success } from "../form-state";

/** The email page's "Cancel send": the same service as POST /v1/emails/:id/cancel. */
export const cancelScheduledEmailAction = dashboardAction(
  {
    args: [Id],
    notFound: "This email no longer exists.",
    onError: (error) =>
      error instanceof ConflictError
        ? failure("It is no longer scheduled: it was sent or canceled already.")
        : undefined,
  },
  async ({ ctx }, emailId) => {
    await cancelScheduledEmail(ctx, emailId);
    revalidatePath(`/emails/${emailId}`);
    revalidatePath("/emails");
    return success("Send canceled");
  },
);
