"use server";

import { AuthError, CredentialsSignin } from "next-auth";
import { signIn, signOut } from "@/lib/web/auth";
import { throttledMessage } from "@/lib/web/auth/sign-in-throttle";
import { ThrottledSignin } from "@/lib/web/auth/throttled-signin";
import { endSessionsOfUser } from "@/lib/users/sessions";
import { requireDashboard } from "../context";
import { failure, type FormState } from "../form-state";
import { safeReturnPath } from "../return-path";

/**
 * Sign-in form: field checks, then Auth.js credentials; a success redirects to the page the
 * visitor asked for (`callbackUrl`, a path on this site only) or to the overview.
 */
export async function signInAction(_previous: FormState, form: FormData): Promise<FormState> {
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const fieldErrors: Record<string, string> = {};
  if (!email) fieldErrors.email = "Enter your email address.";
  if (!password) fieldErrors.password = "Enter your password.";
  if (Object.keys(fieldErrors).length > 0) {
    return failure("Enter your email and password.", fieldErrors, { email });
  }
  try {
    const redirectTo = safeReturnPath(form.get("callbackUrl")) ?? "/overview";
    await signIn("credentials", { email, password, redirectTo });
  } catch (error) {
    // A successful sign-in throws Next's redirect, which must propagate.
    if (!(error instanceof AuthError)) throw error;
    if (error instanceof CredentialsSignin && error.code === "no_project") {
      return failure(
        "This account is not a member of any project yet. Ask an administrator to add you to one.",
        {},
        { email },
      );
    }
    if (error instanceof ThrottledSignin) {
      return failure(throttledMessage(error.retryAfterSeconds), {}, { email });
    }
    if (error instanceof CredentialsSignin) {
      return failure("Incorrect email or password.", {}, { email });
    }
    console.error("[auth] sign-in failed", error);
    return failure("Signing in failed on our side. Try again in a moment.", {}, { email });
  }
  return failure("Signing in did not complete. Try again.", {}, { email });
}

/** Signing out ends this browser's session on the server too (lib/web/auth `events.signOut`). */
export async function signOutAction() {
  await signOut({ redirectTo: "/login" });
}

/**
 * Settings → Your account "Sign out everywhere": every session of the signed-in user ends, this
 * one included, and this browser goes to the sign-in page.
 */
export async function signOutEverywhereAction(): Promise<FormState> {
  const { ctx, user } = await requireDashboard();
  await endSessionsOfUser(ctx.db, user.id);
  // Clears this browser's cookie and redirects to the sign-in page (Next's redirect is thrown).
  return signOut({ redirectTo: "/login" });
}
