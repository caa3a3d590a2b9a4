"use server";

import { revalidatePath } from "next/cache";
import { updateProjectSettings } from "../../projects/update-settings";
import { requireDashboard } from "../context";
import { success, toFormState, type FormState } from "../form-state";

/** Settings → General: the default sender, double opt-in, the postal address and language. */
export async function saveGeneralSettingsAction(
  _previous: FormState,
  form: FormData,
): Promise<FormState> {
  const { ctx } = await requireDashboard();
  const email = String(form.get("default_from_email") ?? "").trim();
  try {
    await updateProjectSettings(ctx, {
      default_from_name: String(form.get("default_from_name") ?? "").trim() || null,
      default_from_email: email || null,
      double_opt_in: form.get("double_opt_in") === "on",
      postal_address: String(form.get("postal_address") ?? ""),
      ...(form.has("language") && { language: String(form.get("language")) }),
    });
  } catch (error) {
    return toFormState(error, [
      "default_from_name",
      "default_from_email",
      "double_opt_in",
      "postal_address",
      "language",
    ]);
  }
  revalidatePath("/settings/general");
  return success("Settings saved");
}
