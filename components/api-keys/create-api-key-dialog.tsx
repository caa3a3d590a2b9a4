"use client";

import { AlertTriangle, FlaskConical, KeyRound, Plus, Send, Zap } from "lucide-react";
import { startTransition, useActionState, type FormEvent } from "react";
import { createApiKeyAction, type CreatedKey } from "@/lib/web/dashboard/actions/api-keys";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { CopyButton } from "../ui/copy-button";
import { DialogBody, DialogContent, DialogFooter } from "../ui/dialog";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { FreshFormDialog } from "../ui/fresh-form-dialog";
import { Notice } from "../ui/notice";

export function CreateApiKeyDialog({ label = "Create API key" }: { label?: string }) {
  return (
    <FreshFormDialog
      label={label}
      icon={Plus}
      content={(onDone) => <CreateKeyContent onDone={onDone} />}
    />
  );
}

function CreateKeyContent({ onDone }: { onDone: () => void }) {
  const [state, action, pending] = useActionState<FormState<CreatedKey>, FormData>(
    createApiKeyAction,
    IDLE,
  );
  if (state.status === "success" && state.result) {
    return <SecretView created={state.result} onDone={onDone} />;
  }
  const errors = state.status === "error" ? state.fieldErrors : {};

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => action(form));
  }

  return (
    <DialogContent
      title="Create API key"
      description="Give the key a name you will recognise later, such as the service that uses it."
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {state.status === "error" && Object.keys(errors).length === 0 && (
            <Notice tone="error">{state.message}</Notice>
          )}
          <Field id="key-name" label="Name" error={errors.name}>
            <Input
              id="key-name"
              name="name"
              placeholder="Production backend"
              maxLength={100}
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy("key-name", errors.name)}
            />
          </Field>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-[13px] font-medium text-zinc-800">Mode</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              <ChoiceOption
                name="mode"
                value="live"
                title="Live"
                icon={Zap}
                description="Sends real email through your provider."
                defaultChecked
              />
              <ChoiceOption
                name="mode"
                value="test"
                title="Test"
                icon={FlaskConical}
                description="Simulates delivery; only test domains."
              />
            </div>
            {errors.mode && <p className="text-[13px] text-red-600">{errors.mode}</p>}
          </fieldset>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-[13px] font-medium text-zinc-800">Access</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              <ChoiceOption
                name="permission"
                value="full"
                title="Full access"
                icon={KeyRound}
                description="Everything the API can do: contacts, campaigns, domains, webhooks…"
                defaultChecked
              />
              <ChoiceOption
                name="permission"
                value="sending"
                title="Sending access"
                icon={Send}
                description="Can send email and events and read emails; cannot read contacts or change settings."
              />
            </div>
            <p className="text-xs text-zinc-500">
              Give the server that only sends mail a sending key: if it leaks, your audience and
              settings stay out of reach.
            </p>
            {errors.permission && <p className="text-[13px] text-red-600">{errors.permission}</p>}
          </fieldset>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Creating…" : "Create key"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

function ChoiceOption({
  name,
  value,
  title,
  description,
  icon: Icon,
  defaultChecked,
}: {
  name: "mode" | "permission";
  value: string;
  title: string;
  description: string;
  icon: typeof Zap;
  defaultChecked?: boolean;
}) {
  return (
    <label
      className={cn(
        "flex cursor-pointer gap-3 rounded-xl p-3 ring-1 ring-zinc-200 transition-colors ring-inset hover:bg-zinc-50",
        "has-[:checked]:bg-indigo-50/60 has-[:checked]:ring-2 has-[:checked]:ring-indigo-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500",
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        className="mt-0.5 size-4 accent-indigo-600"
        aria-describedby={`${name}-${value}-hint`}
      />
      <span className="min-w-0">
        <span className="flex items-center gap-1.5 text-sm font-medium text-zinc-900">
          <Icon aria-hidden className="size-3.5 text-zinc-500" />
          {title}
        </span>
        <span id={`${name}-${value}-hint`} className="mt-0.5 block text-xs text-zinc-500">
          {description}
        </span>
      </span>
    </label>
  );
}

function SecretView({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  return (
    <DialogContent
      title="Save your API key"
      description={`“${created.name}” was created with ${created.permission === "sending" ? "sending" : "full"} access. Copy the secret now and keep it somewhere safe.`}
      onInteractOutside={(event) => event.preventDefault()}
    >
      <DialogBody>
        <div className="flex gap-2.5 rounded-lg bg-amber-50 px-3.5 py-3 text-[13px] text-amber-900 ring-1 ring-amber-200 ring-inset">
          <AlertTriangle aria-hidden className="mt-px size-4 shrink-0" />
          <p>
            This is the only time the secret is shown. Mailwright stores only a hash, so a lost key
            cannot be recovered: revoke it and create a new one.
          </p>
        </div>
        <Field id="new-key-secret" label="Secret key">
          <div className="flex gap-2">
            <Input
              id="new-key-secret"
              readOnly
              value={created.secret}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-[13px]"
            />
            <CopyButton value={created.secret} label="Copy secret key" className="size-9" />
          </div>
        </Field>
      </DialogBody>
      <DialogFooter>
        <Button onClick={onDone}>I have saved the key</Button>
      </DialogFooter>
    </DialogContent>
  );
}
