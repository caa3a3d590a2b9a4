"use client";

import { Loader2, MailCheck } from "lucide-react";
import { useActionState } from "react";
import { requestPasswordResetAction } from "@/lib/web/dashboard/actions/account";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../ui/button";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { Notice } from "../ui/notice";
import { ResetByCli } from "./reset-by-cli";

/**
 * /forgot-password: one email field. The answer is the same whether or not an account uses the
 * address (no one learns who has an account here); it names the fallback in case nothing comes.
 */
export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState<FormState, FormData>(
    requestPasswordResetAction,
    IDLE,
  );
  if (state.status === "success") {
    return (
      <div className="mt-6 grid gap-4">
        <Notice tone="success" title="Check your inbox">
          {state.message}
        </Notice>
        <div className="flex gap-3 text-[13px] text-zinc-500">
          <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-zinc-400" />
          <p>
            Nothing after a few minutes? Check the spam folder. Your Mailwright administrator can
            also set a new password for you on the server:
          </p>
        </div>
        <ResetByCli />
      </div>
    );
  }
  const errors = state.status === "error" ? state.fieldErrors : {};
  const formLevel = state.status === "error" && Object.keys(errors).length === 0;
  const email = state.status === "error" ? state.values?.email : undefined;
  return (
    <form action={action} noValidate className="mt-6 grid gap-4">
      {formLevel && <Notice tone="error">{state.message}</Notice>}
      <Field id="email" label="Email" error={errors.email}>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          autoFocus
          required
          maxLength={320}
          defaultValue={email}
          key={`email-${state.status === "error" ? state.at : 0}`}
          placeholder="you@company.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy("email", errors.email)}
        />
      </Field>
      <Button type="submit" disabled={pending} className="mt-1 w-full">
        {pending && <Loader2 aria-hidden className="animate-spin" />}
        {pending ? "Sending…" : "Email me a reset link"}
      </Button>
    </form>
  );
}
