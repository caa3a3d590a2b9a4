"use server";

import { revalidatePath } from "next/cache";
import { NotFoundError } from "@/lib/core/errors";
import { createSuppression } from "@/lib/suppressions/create";
import { deleteSuppression } from "@/lib/suppressions/delete";
import { requireDashboard } from "../context";
import { failure, success, toFormState, type FormState } from "../form-state";

export type AddedSuppression = { email: string; created: boolean };

/** Adds an address by hand; an address already on the list is reported, not changed. */
export async function addSuppressionAction(
  _previous: FormState<AddedSuppression>,
  form: FormData,
): Promise<FormState<AddedSuppression>> {
  const { ctx } = await requireDashboard();
  const email = String(form.get("email") ?? "").trim();
  if (!email) return failure("Enter an email address.", { email: "Enter an email address." });
  try {
    const { suppression, created } = await createSuppression(ctx, {
      email,
      reason: form.get("reason") ?? undefined,
    });
    revalidatePath("/suppressions");
    return created
      ? success("Address suppressed", { email: suppression.email, created })
      : failure("This address is already suppressed.", {
          email: "This address is already on the suppression list.",
        });
  } catch (error) {
    return toFormState(error, ["email", "reason"]);
  }
}

export async function removeSuppressionAction(email: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await deleteSuppression(ctx, email);
  } catch (error) {
    if (error instanceof NotFoundError) {
      revalidatePath("/suppressions");
      return failure("This address is no longer on the suppression list.");
    }
    return toFormState(error, []);
  }
  revalidatePath("/suppressions");
  return success("Suppression removed");
}
