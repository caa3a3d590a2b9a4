"use client";

import { Loader2 } from "lucide-react";
import { useActionState } from "react";
import { resetPasswordAction } from "@/lib/web/dashboard/actions/account";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../ui/button";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { Notice } from "../ui/notice";

/** /reset-password/<token>: the new password twice; success goes to the sign-in page. */
export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(
    resetPasswordAction.bind(null, token),
    IDLE,
  );
  const errors = state.status === "error" ? state.fieldErrors : {};
  const formLevel = state.status === "error" && Object.keys(errors).length === 0;

  return (
    <form action={action} noValidate className="mt-6 grid gap-4">
      {formLevel && <Notice tone="error">{state.message}</Notice>}
      {/* For password managers: the account this password belongs to. */}
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <Field
        id="password"
        label="New password"
        hint="At least 8 characters."
        error={errors.password}
      >
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          autoFocus
          required
          maxLength={200}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy("password", errors.password, true)}
        />
      </Field>
      <Field id="confirm_password" label="Confirm new password" error={errors.confirm_password}>
        <Input
          id="confirm_password"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={200}
          aria-invalid={errors.confirm_password ? true : undefined}
          aria-describedby={describedBy("confirm_password", errors.confirm_password)}
        />
      </Field>
      <Button type="submit" disabled={pending} className="mt-1 w-full">
        {pending && <Loader2 aria-hidden className="animate-spin" />}
        {pending ? "Saving…" : "Set new password"}
      </Button>
    </form>
  );
}
