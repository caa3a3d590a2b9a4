"use server";

import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { signIn } from "../../auth";
import { getRuntime } from "../../runtime";
import { acceptInvitation } from "../../users/invitations";
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
  let accepted: Awaited<ReturnType<typeof acceptInvitation>>;
  try {
    accepted = await acceptInvitation(runtime, String(token), { name, password });
  } catch (error) {
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
