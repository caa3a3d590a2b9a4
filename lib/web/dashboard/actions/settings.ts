"use server";

import { revalidatePath } from "next/cache";
import { renameProject } from "@/lib/projects/rename";
import { savePublicUrl } from "@/lib/instance/public-url";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { requireDashboard } from "../context";
import { success, toFormState, type FormState } from "../form-state";

/** A number field when present; blank or not a number is passed on for the service's 422. */
function numberField(form: FormData, name: string) {
  if (!form.has(name)) return {};
  const raw = String(form.get(name)).trim().replace(",", ".");
  return { [name]: raw === "" ? raw : Number(raw) };
}

/**
 * Settings → General: the default sender, double opt-in, the postal address, language and the
 * circuit breaker's thresholds.
 */
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
      ...numberField(form, "bounce_rate_threshold"),
      ...numberField(form, "complaint_rate_threshold"),
      ...numberField(form, "breaker_minimum_sends"),
    });
  } catch (error) {
    return toFormState(error, [
      "default_from_name",
      "default_from_email",
      "double_opt_in",
      "postal_address",
      "language",
      "bounce_rate_threshold",
      "complaint_rate_threshold",
      "breaker_minimum_sends",
    ]);
  }
  revalidatePath("/settings/general");
  return success("Settings saved");
}

/** Settings → General → Project: rename (the id, shown beside it, never changes). */
export async function renameProjectAction(
  _previous: FormState,
  form: FormData,
): Promise<FormState> {
  const { ctx } = await requireDashboard();
  const name = String(form.get("name") ?? "");
  try {
    await renameProject(ctx, { name });
  } catch (error) {
    const state = toFormState(error, ["name"]);
    return state.status === "error" ? { ...state, values: { name } } : state;
  }
  // The name shows in the project switcher and page descriptions everywhere.
  revalidatePath("/", "layout");
  return success("Project renamed");
}

/**
 * Settings → General → Public URL (instance-wide): where links in every project's email point.
 * Saved here, it reaches this process at once and every other process within seconds.
 */
export async function savePublicUrlAction(
  _previous: FormState,
  form: FormData,
): Promise<FormState> {
  const { ctx, user } = await requireDashboard();
  const url = String(form.get("public_url") ?? "");
  try {
    await savePublicUrl(ctx, url, user.email);
  } catch (error) {
    const state = toFormState(error, ["public_url"]);
    return state.status === "error" ? { ...state, values: { public_url: url } } : state;
  }
  // The loopback warning shows in the shell of every page.
  revalidatePath("/", "layout");
  return success("Public URL saved");
}
