"use client";

import { Loader2 } from "lucide-react";
import Link from "next/link";
import { useActionState } from "react";
import { signInAction } from "@/lib/web/dashboard/actions/auth";
import { IDLE } from "@/lib/web/dashboard/form-state";
import { Button } from "../ui/button";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { Notice } from "../ui/notice";

/**
 * `notice`: a message from a redirect (e.g. a throttled sign-in), until the form is used;
 * `done`: good news from a redirect (a password just reset), likewise.
 * `callbackUrl`: the page to open once signed in (the action checks it again).
 */
export function LoginForm({
  notice,
  done,
  callbackUrl,
}: {
  notice?: string;
  done?: string;
  callbackUrl?: string;
}) {
  const [state, action, pending] = useActionState(signInAction, IDLE);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const email = state.status === "error" ? state.values?.email : undefined;
  const formLevel = state.status === "error" && Object.keys(errors).length === 0;

  return (
    <form action={action} noValidate className="mt-6 grid gap-4">
      {formLevel && <Notice tone="error">{state.message}</Notice>}
      {state.status === "idle" && notice && <Notice tone="error">{notice}</Notice>}
      {state.status === "idle" && done && <Notice tone="success">{done}</Notice>}
      {callbackUrl && <input type="hidden" name="callbackUrl" value={callbackUrl} />}
      <Field id="email" label="Email" error={errors.email}>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          autoFocus
          required
          defaultValue={email}
          key={`email-${state.status === "error" ? state.at : 0}`}
          placeholder="you@company.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy("email", errors.email)}
        />
      </Field>
      <Field id="password" label="Password" error={errors.password}>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy("password", errors.password)}
        />
      </Field>
      <p className="-mt-2 text-right text-[13px]">
        <Link href="/forgot-password" className="font-medium text-indigo-600 hover:text-indigo-700">
          Forgot password?
        </Link>
      </p>
      <Button type="submit" disabled={pending} className="mt-1 w-full">
        {pending && <Loader2 aria-hidden className="animate-spin" />}
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
