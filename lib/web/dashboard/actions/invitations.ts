"use server";

import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { signIn } from "@/lib/web/auth";
import { throttledMessage, throttledPasswordCheck } from "@/lib/web/auth/sign-in-throttle";
import { RateLimitedError } from "@/lib/core/errors";
import { clientAddressOf } from "@/lib/core/http/client-address";
import { getRuntime } from "@/lib/start/runtime";
import { acceptInvitation } from "@/lib/users/invitations";
import { publicAction } from "../action";
import { formFields, PreviousState, text } from "../action-input";
import { rememberProject } from "../context";
import { failure, type FormState } from "../form-state";

/**
 * /invite/<token>: accepts (a new account, or the existing account's password), then signs the
 * invitee in on the project they joined. No session is needed: the token is the credential.
 */
export const acceptInvitationAction = publicAction(
  {
    args: [z.string(), PreviousState, formFields({ name: text, password: text })],
    fields: ["name", "password"],
    onError: (error, _token, _previous, form) =>
      error instanceof RateLimitedError
        ? failure(
            throttledMessage(Number(error.headers?.["Retry-After"] ?? 60)),
            {},
            {
              name: form.name,
            },
          )
        : undefined,
    echo: (_token, _previous, form) => ({ name: form.name }),
  },
  async (token, _previous, { name, password }): Promise<FormState> => {
    const runtime = await getRuntime();
    const address = clientAddressOf(await headers());
    // An existing account's password goes through the sign-in throttle, like the sign-in form.
    const checkPassword = throttledPasswordCheck(runtime, address);
    const accepted = await acceptInvitation({ ...runtime, checkPassword }, token, {
      name,
      password,
    });
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
  },
);
