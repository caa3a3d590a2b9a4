"use client";

import { ArrowRight, Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { useActionState } from "react";
import { completeFirstSignInAction } from "@/lib/web/dashboard/actions/account";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../ui/button";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { Notice } from "../ui/notice";

/**
 * The welcome page's form, in numbered steps. `projectName` null: the user cannot rename the
 * project (not an admin), so the step is left out. Errors show next to their field.
 */
export function WelcomeForm({ email, projectName }: { email: string; projectName: string | null }) {
  const [state, action, pending] = useActionState<FormState, FormData>(
    completeFirstSignInAction,
    IDLE,
  );
  const errors = state.status === "error" ? state.fieldErrors : {};
  const formLevel = state.status === "error" && Object.keys(errors).length === 0;
  const values = state.status === "error" ? state.values : undefined;
  // Typed values come back after an error; a fresh key makes the inputs show them.
  const key = state.status === "error" ? state.at : 0;
  const first = projectName === null ? 0 : 1;

  return (
    <form
      action={action}
      noValidate
      className="mt-8 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-zinc-200/80"
    >
      {formLevel && (
        <div className="px-5 pt-5 sm:px-8">
          <Notice tone="error">{state.message}</Notice>
        </div>
      )}
      {projectName !== null && (
        <Step
          number={1}
          title="Name your project"
          description="Subscribers see it: on the unsubscribe page, and as the sender name until you set one."
        >
          <Field id="project_name" label="Project name" error={errors.project_name}>
            <Input
              id="project_name"
              name="project_name"
              key={`project-${key}`}
              defaultValue={values?.project_name ?? projectName}
              placeholder="Acme Inc"
              autoComplete="organization"
              autoFocus
              required
              maxLength={120}
              aria-invalid={errors.project_name ? true : undefined}
              aria-describedby={describedBy("project_name", errors.project_name)}
            />
          </Field>
        </Step>
      )}
      <Step
        number={first + 1}
        title="Your email address"
        description="Where password reset links go. Change it if this is not an inbox you read."
      >
        <Field id="email" label="Email" error={errors.email}>
          <Input
            id="email"
            name="email"
            type="email"
            key={`email-${key}`}
            defaultValue={values?.email ?? email}
            autoComplete="email"
            required
            maxLength={254}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy("email", errors.email)}
          />
        </Field>
      </Step>
      <Step
        number={first + 2}
        title="Choose your password"
        description="It replaces the generated one, which stops working. Other browsers signed in with it are signed out."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="new_password"
            label="New password"
            hint="At least 8 characters."
            error={errors.new_password}
            className="content-start"
          >
            <Input
              id="new_password"
              name="new_password"
              type="password"
              autoComplete="new-password"
              required
              maxLength={200}
              aria-invalid={errors.new_password ? true : undefined}
              aria-describedby={describedBy("new_password", errors.new_password, true)}
            />
          </Field>
          <Field
            id="confirm_password"
            label="Confirm password"
            error={errors.confirm_password}
            className="content-start"
          >
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
        </div>
      </Step>
      <div className="flex flex-col-reverse gap-3 border-t border-zinc-100 bg-zinc-50/70 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <p className="text-[13px] text-zinc-500">You can change all of this later in Settings.</p>
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending ? <Loader2 aria-hidden className="animate-spin" /> : null}
          {pending ? "Saving…" : "Finish setting up"}
          {!pending && <ArrowRight aria-hidden />}
        </Button>
      </div>
    </form>
  );
}

function Step({
  number,
  title,
  description,
  children,
}: {
  number: number;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`step-${number}`}
      className="grid grid-cols-[1.75rem_1fr] gap-x-3 border-b border-zinc-100 px-5 py-6 last-of-type:border-b-0 sm:grid-cols-[2rem_1fr] sm:gap-x-4 sm:px-8"
    >
      <span
        aria-hidden
        className="-mt-0.5 flex size-7 items-center justify-center rounded-full bg-indigo-50 text-[13px] font-semibold text-indigo-700 ring-1 ring-indigo-100"
      >
        {number}
      </span>
      <div className="grid min-w-0 gap-4">
        <div>
          <h2 id={`step-${number}`} className="text-[15px] font-semibold text-zinc-900">
            {title}
          </h2>
          <p className="mt-0.5 text-[13px] text-pretty text-zinc-500">{description}</p>
        </div>
        {children}
      </div>
    </section>
  );
}
