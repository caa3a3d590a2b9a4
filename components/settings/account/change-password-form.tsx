"use client";

import { KeyRound, Loader2 } from "lucide-react";
import Link from "next/link";
import { useActionState } from "react";
import { changePasswordAction } from "@/lib/web/dashboard/actions/account";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../../ui/button";
import { Card, CardHeader } from "../../ui/card";
import { describedBy, Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { Notice } from "../../ui/notice";

const FIELDS = [
  { name: "current_password", label: "Current password", autoComplete: "current-password" },
  {
    name: "new_password",
    label: "New password",
    autoComplete: "new-password",
    hint: "At least 8 characters.",
  },
  { name: "confirm_password", label: "Confirm new password", autoComplete: "new-password" },
] as const;

/**
 * Settings → Your account: change the password (the current one required). Every other browser
 * is signed out; the form says how many. Errors show next to their field.
 */
export function ChangePasswordForm() {
  const [state, action, pending] = useActionState<FormState, FormData>(changePasswordAction, IDLE);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const formLevel = state.status === "error" && Object.keys(errors).length === 0;

  return (
    <Card className="mb-6 overflow-hidden">
      <CardHeader
        title="Password"
        description="Changing it signs you out in every other browser. This one stays signed in."
      />
      {/* A new key after each answer: the fields empty after a success, as a password form should. */}
      <form
        key={state.status === "success" ? state.at : "form"}
        action={action}
        aria-label="Change password"
        noValidate
        className="grid gap-4 px-5 py-5"
      >
        {state.status === "success" && <Notice tone="success">{state.message}</Notice>}
        {formLevel && <Notice tone="error">{state.message}</Notice>}
        <div className="grid gap-4 md:grid-cols-3">
          {FIELDS.map((field) => (
            <Field
              key={field.name}
              id={field.name}
              label={field.label}
              hint={"hint" in field ? field.hint : undefined}
              error={errors[field.name]}
              className="content-start"
            >
              <Input
                id={field.name}
                name={field.name}
                type="password"
                autoComplete={field.autoComplete}
                maxLength={200}
                required
                aria-invalid={errors[field.name] ? true : undefined}
                aria-describedby={describedBy(field.name, errors[field.name], "hint" in field)}
              />
            </Field>
          ))}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-[13px] text-zinc-500">
            Forgot your current password?{" "}
            <Link
              href="/forgot-password"
              className="font-medium text-indigo-600 hover:text-indigo-700"
            >
              Reset it by email
            </Link>
          </p>
          <Button type="submit" disabled={pending}>
            {pending ? <Loader2 aria-hidden className="animate-spin" /> : <KeyRound aria-hidden />}
            {pending ? "Changing…" : "Change password"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
