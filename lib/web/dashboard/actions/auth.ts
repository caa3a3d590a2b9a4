"use server";

import { AuthError, CredentialsSignin } from "next-auth";
import { signIn, signOut } from "@/lib/web/auth";
import { throttledMessage } from "@/lib/web/auth/sign-in-throttle";
import { ThrottledSignin } from "@/lib/web/auth/throttled-signin";
import { endSessionsOfUser } from "@/lib/users/sessions";
import { dashboardAction, publicAction, rethrow } from "../action";
import { formFields, optionalText, PreviousState, text } from "../action-input";
import { failure, type FormState } from "../form-state";
import { safeReturnPath } from "../return-path";

const SignInForm = formFields({ email: text, password: text, callbackUrl: optionalText });

/** Auth.js's refusals as the sign-in form words them; the email address stays in the form. */
function signInRefusal(error: unknown, email: string): FormState<never> | undefined {
  if (!(error instanceof AuthError)) return undefined;
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

/**
 * Sign-in form: field checks, then Auth.js credentials; a success redirects (Next's redirect is
 * thrown) to the page the visitor asked for (`callbackUrl`, a path on this site only) or to the
 * overview.
 */
export const signInAction = publicAction(
  {
    args: [PreviousState, SignInForm],
    onError: (error, _previous, form) => signInRefusal(error, form.email.trim()),
  },
  async (_previous, form): Promise<FormState> => {
    const email = form.email.trim();
    const password = form.password;
    const fieldErrors: Record<string, string> = {};
    if (!email) fieldErrors.email = "Enter your email address.";
    if (!password) fieldErrors.password = "Enter your password.";
    if (Object.keys(fieldErrors).length > 0) {
      return failure("Enter your email and password.", fieldErrors, { email });
    }
    const redirectTo = safeReturnPath(form.callbackUrl) ?? "/overview";
    await signIn("credentials", { email, password, redirectTo });
    return failure("Signing in did not complete. Try again.", {}, { email });
  },
);

/** Signing out ends this browser's session on the server too (lib/web/auth `events.signOut`). */
export const signOutAction = publicAction({ args: [], errors: rethrow }, async () => {
  await signOut({ redirectTo: "/login" });
});

/**
 * Settings → Your account "Sign out everywhere": every session of the signed-in user ends, this
 * one included, and this browser goes to the sign-in page.
 */
export const signOutEverywhereAction = dashboardAction(
  { args: [], errors: rethrow },
  async ({ ctx, user }): Promise<FormState> => {
    await endSessionsOfUser(ctx.db, user.id);
    // Clears this browser's cookie and redirects to the sign-in page (Next's redirect is thrown).
    return signOut({ redirectTo: "/login" });
  },
);
