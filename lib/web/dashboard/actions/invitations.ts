"use server";

import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { signIn } from "@/lib/web/auth";
import { throttledMessage, throttledPasswordCheck } from "@/lib/web/auth/sign-in-throttle";
import { RateLimitedError } from "@/lib/core/errors";
import { clientAddressOf } from "@/lib/core/http/client-address";
import { getRuntime } from "@/lib/start/runtime";
import { acceptInvitation } from "@/lib/users/invitations";
import { rememberProject } from "../context";
import { failure, toFormState, type FormState } from "../form-state";

/**
 * /invite/<token>: accepts (a new account, or the existing account's password), then signs the
 * invitee in on the project they joined. No session is needed: the token is the credential.
 */
export async function acceptInvitationAction(
  token: string,
  _previous: FormState,
  form: FormData,
): Promise<FormState> {
  const name = String(form.get("name") ?? "");
  const password = String(form.get("password") ?? "");
  const runtime = await getRuntime();
  const address = clientAddressOf(await headers());
  // An existing account's password goes through the sign-in throttle, like the sign-in form.
  const checkPassword = throttledPasswordCheck(runtime, address);
  let accepted: Awaited<ReturnType<typeof acceptInvitation>>;
  try {
    accepted = await acceptInvitation({ ...runtime, checkPassword }, String(token), {
      name,
      password,
    });
  } catch (error) {
    if (error instanceof RateLimitedError) {
      return failure(throttledMessage(Number(error.headers?.["Retry-After"] ?? 60)), {}, { name });
    }
    const state = toFormState(error, ["name", "password"]);
    return state.status === "error" ? { ...state, values: { name } } : state;
  }
  await rememberProject(accepted.projectId, runtime.config.appUrl);
  try {
    await signIn("credentials", { email: accepted.email, password, redirectTo: "/overview" });
  } catch (error) {
    // A successful sign-in throws Next's redirect, which must propagate.
    if (!(error instanceof AuthError)) throw error;
    // Joined, but signing in failed (e.g. throttled): the sign-in page takes it from here.
    redirect("/login");
  }
  return failure("Signing in did not complete. Sign in from the sign-in page.");
}
