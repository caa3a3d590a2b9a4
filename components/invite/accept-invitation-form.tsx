"use client";

import { Loader2 } from "lucide-react";
import { useActionState } from "react";
import { acceptInvitationAction } from "@/lib/web/dashboard/actions/invitations";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../ui/button";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { Notice } from "../ui/notice";

/**
 * /invite/<token>: a new account (name + password) for the invited email, or, when that email
 * has an account already, its password. Success signs in and opens the project.
 */
export function AcceptInvitationForm({
  token,
  email,
  accountExists,
}: {
  token: string;
  email: string;
  accountExists: boolean;
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(
    acceptInvitationAction.bind(null, token),
    IDLE,
  );
  const errors = state.status === "error" ? state.fieldErrors : {};
  const formLevel = state.status === "error" && Object.keys(errors).length === 0;
  const name = state.status === "error" ? state.values?.name : undefined;

  return (
    <form action={action} noValidate className="mt-6 grid gap-4">
      {formLevel && <Notice tone="error">{state.message}</Notice>}
      <Field id="invite-email" label="Email">
        <Input id="invite-email" value={email} readOnly autoComplete="username" />
      </Field>
      {!accountExists && (
        <Field id="name" label="Your name" error={errors.name}>
          <Input
            id="name"
            name="name"
            autoComplete="name"
            autoFocus
            maxLength={200}
            defaultValue={name}
            key={`name-${state.status === "error" ? state.at : 0}`}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy("name", errors.name)}
          />
        </Field>
      )}
      <Field
        id="password"
        label={accountExists ? "Password" : "Choose a password"}
        hint={accountExists ? undefined : "At least 8 characters."}
        error={errors.password}
      >
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete={accountExists ? "current-password" : "new-password"}
          autoFocus={accountExists}
          maxLength={200}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy("password", errors.password, !accountExists)}
        />
      </Field>
      <Button type="submit" disabled={pending} className="mt-1 w-full">
        {pending && <Loader2 aria-hidden className="animate-spin" />}
        {pending ? "Joining…" : accountExists ? "Sign in and join" : "Create account and join"}
      </Button>
    </form>
  );
}
