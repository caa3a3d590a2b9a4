"use server";

import { revalidatePath } from "next/cache";
import { renameProject } from "@/lib/projects/rename";
import { savePublicUrl } from "@/lib/instance/public-url";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { dashboardAction } from "../action";
import { checkbox, formFields, optionalText, PreviousState, text } from "../action-input";
import { success } from "../form-state";

/** A number field when present; blank or not a number is passed on for the service's 422. */
function numberField(name: string, raw: string | undefined) {
  if (raw === undefined) return {};
  const trimmed = raw.trim().replace(",", ".");
  return { [name]: trimmed === "" ? trimmed : Number(trimmed) };
}

const GeneralSettingsForm = formFields({
  default_from_name: text,
  default_from_email: text,
  double_opt_in: checkbox,
  postal_address: text,
  language: optionalText,
  bounce_rate_threshold: optionalText,
  complaint_rate_threshold: optionalText,
  breaker_minimum_sends: optionalText,
  email_content_retention_days: optionalText,
  event_retention_days: optionalText,
});

/**
 * Settings → General: the default sender, double opt-in, the postal address, language and the
 * circuit breaker's thresholds, and how long email content and events are kept.
 */
export const saveGeneralSettingsAction = dashboardAction(
  {
    permission: "settings.manage",
    args: [PreviousState, GeneralSettingsForm],
    fields: [
      "default_from_name",
      "default_from_email",
      "double_opt_in",
      "postal_address",
      "language",
      "bounce_rate_threshold",
      "complaint_rate_threshold",
      "breaker_minimum_sends",
      "email_content_retention_days",
      "event_retention_days",
    ],
  },
  async ({ ctx }, _previous, form) => {
    await updateProjectSettings(ctx, {
      default_from_name: form.default_from_name.trim() || null,
      default_from_email: form.default_from_email.trim() || null,
      double_opt_in: form.double_opt_in,
      postal_address: form.postal_address,
      ...(form.language !== undefined && { language: form.language }),
      ...numberField("bounce_rate_threshold", form.bounce_rate_threshold),
      ...numberField("complaint_rate_threshold", form.complaint_rate_threshold),
      ...numberField("breaker_minimum_sends", form.breaker_minimum_sends),
      ...numberField("email_content_retention_days", form.email_content_retention_days),
      ...numberField("event_retention_days", form.event_retention_days),
    });
    revalidatePath("/settings/general");
    return success("Settings saved");
  },
);

/** Settings → General → Project: rename (the id, shown beside it, never changes). */
export const renameProjectAction = dashboardAction(
  {
    permission: "settings.manage",
    args: [PreviousState, formFields({ name: text })],
    fields: ["name"],
    echo: (_previous, form) => ({ name: form.name }),
  },
  async ({ ctx }, _previous, { name }) => {
    await renameProject(ctx, { name });
    // The name shows in the project switcher and page descriptions everywhere.
    revalidatePath("/", "layout");
    return success("Project renamed");
  },
);

/**
 * Settings → General → Public URL (instance-wide): where links in every project's email point.
 * Saved here, it reaches this process at once and every other process within seconds.
 */
export const savePublicUrlAction = dashboardAction(
  {
    permission: "settings.manage",
    args: [PreviousState, formFields({ public_url: text })],
    fields: ["public_url"],
    echo: (_previous, form) => ({ public_url: form.public_url }),
  },
  async ({ ctx, user }, _previous, form) => {
    await savePublicUrl(ctx, form.public_url, user.email);
    // The loopback warning shows in the shell of every page.
    revalidatePath("/", "layout");
    return success("Public URL saved");
  },
);
