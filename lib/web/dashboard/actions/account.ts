"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { throttledMessage, throttledPasswordCheck } from "@/lib/web/auth/sign-in-throttle";
import { RateLimitedError } from "@/lib/core/errors";
import { addressLimit } from "@/lib/core/http/address-limit";
import { clientAddressOf } from "@/lib/core/http/client-address";
import { getRuntime } from "@/lib/start/runtime";
import { changePassword } from "@/lib/users/change-password";
import { completeFirstSignIn } from "@/lib/users/first-sign-in";
import { requestPasswordReset, resetPassword } from "@/lib/users/password-reset";
import { loadDashboardContext, requireDashboard } from "../context";
import { failure, success, toFormState, type FormState } from "../form-state";

const PASSWORD_FIELDS = ["current_password", "new_password", "confirm_password"] as const;

/** A throttled password check becomes the sign-in form's "Too many attempts" message. */
function throttled(error: unknown): FormState<never> | null {
  if (!(error instanceof RateLimitedError)) return null;
  return failure(throttledMessage(Number(error.headers?.["Retry-After"] ?? 60)));
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * Settings → Your account "Change password": the current password is checked through the
 * sign-in throttle; every other browser of the user is signed out, this one stays.
 */
export async function changePasswordAction(
  _previous: FormState,
  form: FormData,
): Promise<FormState> {
  const { ctx, user, sessionId } = await requireDashboard();
  const address = clientAddressOf(await headers());
  try {
    const { endedSessions } = await changePassword(
      { ...ctx, checkPassword: throttledPasswordCheck(ctx, address) },
      { userId: user.id, sessionId },
      Object.fromEntries(PASSWORD_FIELDS.map((name) => [name, text(form, name)])),
    );
    revalidatePath("/settings/account");
    return success(
      endedSessions > 0
        ? `Password changed. ${endedSessions === 1 ? "1 other browser was" : `${endedSessions} other browsers were`} signed out.`
        : "Password changed.",
    );
  } catch (error) {
    return throttled(error) ?? toFormState(error, PASSWORD_FIELDS);
  }
}

/**
 * The welcome page after a first sign-in with a generated password: a new password, the
 * project's name and the user's own email address; then the dashboard opens.
 */
export async function completeFirstSignInAction(
  _previous: FormState,
  form: FormData,
): Promise<FormState> {
  // Not requireDashboard: it sends this very user here until this action has run.
  const context = await loadDashboardContext();
  if (!context) redirect("/login");
  const values = {
    email: text(form, "email"),
    new_password: text(form, "new_password"),
    confirm_password: text(form, "confirm_password"),
    ...(form.has("project_name") && { project_name: text(form, "project_name") }),
  };
  try {
    await completeFirstSignIn(
      context.ctx,
      { userId: context.user.id, sessionId: context.sessionId },
      values,
    );
  } catch (error) {
    const state = toFormState(error, ["email", "project_name", "new_password", "confirm_password"]);
    if (state.status !== "error") return state;
    return {
      ...state,
      values: { email: values.email, project_name: values.project_name ?? "" },
    };
  }
  revalidatePath("/", "layout");
  redirect("/overview");
}

/** The answer to every "Forgot password" request: it never tells who has an account. */
const NEUTRAL_ANSWER =
  "If an account uses this address, a link to choose a new password is on its way. It works once, for 1 hour.";

/**
 * /forgot-password: emails a reset link when the address has an account and a project of it can
 * deliver; the visitor reads the same answer in every case. Each request spends the client
 * address's budget for requests that prove nothing (lib/core/http/address-limit.ts).
 */
export async function requestPasswordResetAction(
  _previous: FormState,
  form: FormData,
): Promise<FormState> {
  const runtime = await getRuntime();
  const email = text(form, "email").trim();
  if (!email) return failure("Enter your email address.", { email: "Enter your email address." });
  const limit = addressLimit(runtime, await headers());
  try {
    limit.check();
    limit.fail();
    const outcome = await requestPasswordReset(runtime, { email });
    if (outcome !== "emailed" && outcome !== "no_account") {
      console.info(`[accounts] password reset requested, not emailed: ${outcome}`);
    }
  } catch (error) {
    if (error instanceof RateLimitedError) {
      return failure("Too many requests from your network. Wait a minute, then try again.");
    }
    const state = toFormState(error, ["email"]);
    return state.status === "error" ? { ...state, values: { email } } : state;
  }
  return success(NEUTRAL_ANSWER);
}

/**
 * /reset-password/<token>: sets the new password (the link works once), ends every session of
 * the account and signs nobody in: the sign-in page takes it from there.
 */
export async function resetPasswordAction(
  token: string,
  _previous: FormState,
  form: FormData,
): Promise<FormState> {
  const runtime = await getRuntime();
  try {
    await resetPassword(runtime, String(token), {
      password: text(form, "password"),
      confirm_password: text(form, "confirm_password"),
    });
  } catch (error) {
    return toFormState(error, ["password", "confirm_password"]);
  }
  redirect("/login?password=reset");
}
