"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { throttledMessage, throttledPasswordCheck } from "@/lib/web/auth/sign-in-throttle";
import { RateLimitedError } from "@/lib/core/errors";
import { addressLimit } from "@/lib/core/http/address-limit";
import { clientAddressOf } from "@/lib/core/http/client-address";
import { getRuntime } from "@/lib/start/runtime";
import { changePassword } from "@/lib/users/change-password";
import { completeFirstSignIn } from "@/lib/users/first-sign-in";
import { requestPasswordReset, resetPassword } from "@/lib/users/password-reset";
import { dashboardAction, publicAction } from "../action";
import { formFields, optionalText, PreviousState, text } from "../action-input";
import { failure, success, type FormState } from "../form-state";

/** A throttled password check becomes the sign-in form's "Too many attempts" message. */
function throttled(error: unknown): FormState<never> | undefined {
  if (!(error instanceof RateLimitedError)) return undefined;
  return failure(throttledMessage(Number(error.headers?.["Retry-After"] ?? 60)));
}

const PASSWORD_FIELDS = ["current_password", "new_password", "confirm_password"] as const;
const PasswordForm = formFields({
  current_password: text,
  new_password: text,
  confirm_password: text,
});

/**
 * Settings → Your account "Change password": the current password is checked through the
 * sign-in throttle; every other browser of the user is signed out, this one stays.
 */
export const changePasswordAction = dashboardAction(
  { args: [PreviousState, PasswordForm], fields: PASSWORD_FIELDS, onError: throttled },
  async ({ ctx, user, sessionId }, _previous, form) => {
    const address = clientAddressOf(await headers());
    const { endedSessions } = await changePassword(
      { ...ctx, checkPassword: throttledPasswordCheck(ctx, address) },
      { userId: user.id, sessionId },
      form,
    );
    revalidatePath("/settings/account");
    return success(
      endedSessions > 0
        ? `Password changed. ${endedSessions === 1 ? "1 other browser was" : `${endedSessions} other browsers were`} signed out.`
        : "Password changed.",
    );
  },
);

const WelcomeForm = formFields({
  email: text,
  new_password: text,
  confirm_password: text,
  // Only a user who created the project names it: the field is absent for invitees.
  project_name: optionalText,
});

/**
 * The welcome page after a first sign-in with a generated password: a new password, the
 * project's name and the user's own email address; then the dashboard opens.
 */
export const completeFirstSignInAction = dashboardAction(
  {
    beforeWelcome: true,
    args: [PreviousState, WelcomeForm],
    fields: ["email", "project_name", "new_password", "confirm_password"],
    echo: (_previous, form) => ({ email: form.email, project_name: form.project_name ?? "" }),
  },
  async ({ ctx, user, sessionId }, _previous, form): Promise<FormState> => {
    const { project_name, ...rest } = form;
    await completeFirstSignIn(
      ctx,
      { userId: user.id, sessionId },
      { ...rest, ...(project_name !== undefined && { project_name }) },
    );
    revalidatePath("/", "layout");
    redirect("/overview");
  },
);

/** The answer to every "Forgot password" request: it never tells who has an account. */
const NEUTRAL_ANSWER =
  "If an account uses this address, a link to choose a new password is on its way. It works once, for 1 hour.";

/**
 * /forgot-password: emails a reset link when the address has an account and a project of it can
 * deliver; the visitor reads the same answer in every case. Each request spends the client
 * address's budget for requests that prove nothing (lib/core/http/address-limit.ts).
 */
export const requestPasswordResetAction = publicAction(
  {
    args: [PreviousState, formFields({ email: text })],
    fields: ["email"],
    onError: (error) =>
      error instanceof RateLimitedError
        ? failure("Too many requests from your network. Wait a minute, then try again.")
        : undefined,
    echo: (_previous, form) => ({ email: form.email.trim() }),
  },
  async (_previous, form) => {
    const runtime = await getRuntime();
    const email = form.email.trim();
    if (!email) return failure("Enter your email address.", { email: "Enter your email address." });
    const limit = addressLimit(runtime, await headers());
    limit.check();
    limit.fail();
    const outcome = await requestPasswordReset(runtime, { email });
    if (outcome !== "emailed" && outcome !== "no_account") {
      console.info(`[accounts] password reset requested, not emailed: ${outcome}`);
    }
    return success(NEUTRAL_ANSWER);
  },
);

/**
 * /reset-password/<token>: sets the new password (the link works once), ends every session of
 * the account and signs nobody in: the sign-in page takes it from here.
 */
export const resetPasswordAction = publicAction(
  {
    args: [z.string(), PreviousState, formFields({ password: text, confirm_password: text })],
    fields: ["password", "confirm_password"],
  },
  async (token, _previous, form): Promise<FormState> => {
    const runtime = await getRuntime();
    await resetPassword(runtime, token, form);
    redirect("/login?password=reset");
  },
);
