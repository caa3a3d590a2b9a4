"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { NotFoundError } from "@/lib/core/errors";
import { createSuppression } from "@/lib/suppressions/create";
import { deleteSuppression } from "@/lib/suppressions/delete";
import { dashboardAction } from "../action";
import { formFields, optionalText, PreviousState, text } from "../action-input";
import { failure, success, type FormState } from "../form-state";

export type AddedSuppression = { email: string; created: boolean };

/** Adds an address by hand; an address already on the list is reported, not changed. */
export const addSuppressionAction = dashboardAction(
  {
    args: [PreviousState, formFields({ email: text, reason: optionalText })],
    fields: ["email", "reason"],
  },
  async ({ ctx }, _previous, form): Promise<FormState<AddedSuppression>> => {
    const email = form.email.trim();
    if (!email) return failure("Enter an email address.", { email: "Enter an email address." });
    const { suppression, created } = await createSuppression(ctx, { email, reason: form.reason });
    revalidatePath("/suppressions");
    return created
      ? success("Address suppressed", { email: suppression.email, created })
      : failure("This address is already suppressed.", {
          email: "This address is already on the suppression list.",
        });
  },
);

export const removeSuppressionAction = dashboardAction(
  {
    args: [z.string()],
    onError: (error) => {
      if (!(error instanceof NotFoundError)) return undefined;
      revalidatePath("/suppressions");
      return failure("This address is no longer on the suppression list.");
    },
  },
  async ({ ctx }, email) => {
    await deleteSuppression(ctx, email);
    revalidatePath("/suppressions");
    return success("Suppression removed");
  },
);
