"use client";

import { startTransition, useActionState, useEffect, type FormEvent } from "react";
import { saveGeneralSettingsAction } from "@/lib/web/dashboard/actions/settings";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { describedBy, Field } from "../ui/field";
import { Input, Textarea } from "../ui/input";
import { Notice } from "../ui/notice";
import { Switch } from "../ui/switch";
import { DeliverabilityCard, type BreakerSettings } from "./deliverability-card";
import { RetentionCard, type RetentionSettings } from "./retention-card";
import { useToast } from "../ui/toast";

export type GeneralSettings = {
  fromName: string;
  fromEmail: string;
  doubleOptIn: boolean;
  postalAddress: string;
  language: string;
  verifiedDomains: string[];
} & BreakerSettings &
  RetentionSettings;

/** Common languages; a tag set through the API that is not listed here is kept as an option. */
const LANGUAGES: [tag: string, name: string][] = [
  ["en", "English"],
  ["de", "German"],
  ["fr", "French"],
  ["es", "Spanish"],
  ["it", "Italian"],
  ["pt", "Portuguese"],
  ["pt-BR", "Portuguese (Brazil)"],
  ["nl", "Dutch"],
  ["sv", "Swedish"],
  ["da", "Danish"],
  ["nb", "Norwegian"],
  ["fi", "Finnish"],
  ["pl", "Polish"],
  ["cs", "Czech"],
  ["tr", "Turkish"],
  ["ja", "Japanese"],
  ["zh", "Chinese"],
  ["ko", "Korean"],
];

/** The default sender, the postal address, double opt-in and the breaker, saved together. */
export function GeneralSettingsForm({ settings }: { settings: GeneralSettings }) {
  const toast = useToast();
  const [state, action, pending] = useActionState<FormState, FormData>(
    saveGeneralSettingsAction,
    IDLE,
  );
  useEffect(() => {
    if (state.status === "success") toast({ title: "Settings saved" });
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps
  const errors = state.status === "error" ? state.fieldErrors : {};
  const formLevel = state.status === "error" && Object.keys(errors).length === 0;
  const domains = settings.verifiedDomains;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => action(form));
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      {formLevel && <Notice tone="error">{state.message}</Notice>}
      <Card className="grid gap-5 p-5 sm:p-6">
        <div>
          <h2 className="text-[15px] font-semibold text-zinc-900">Default sender</h2>
          <p className="mt-1 text-[13px] text-zinc-500">
            Automation emails, subscription confirmations and test sends come from this address.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="from-name"
            label="Name"
            error={errors.default_from_name}
            hint="Shown as the sender"
          >
            <Input
              id="from-name"
              name="default_from_name"
              defaultValue={settings.fromName}
              placeholder="Acme"
              aria-describedby={describedBy("from-name", errors.default_from_name, true)}
            />
          </Field>
          <Field
            id="from-email"
            label="Email"
            error={errors.default_from_email}
            hint={
              domains.length
                ? `On a verified domain: ${domains.join(", ")}`
                : "Verify a domain first (Settings → Domains)"
            }
          >
            <Input
              id="from-email"
              name="default_from_email"
              type="email"
              defaultValue={settings.fromEmail}
              placeholder={domains[0] ? `hello@${domains[0]}` : "hello@your-domain.com"}
              aria-invalid={errors.default_from_email ? true : undefined}
              aria-describedby={describedBy("from-email", errors.default_from_email, true)}
            />
          </Field>
        </div>
      </Card>
      <Card className="grid gap-5 p-5 sm:p-6">
        <div>
          <h2 className="text-[15px] font-semibold text-zinc-900">Postal address</h2>
          <p className="mt-1 max-w-prose text-[13px] text-zinc-500">
            Printed in the footer of campaign and automation email, as anti-spam laws such as
            CAN-SPAM require. Use the address of your business or a PO box.
          </p>
        </div>
        <Field
          id="postal-address"
          label="Address"
          error={errors.postal_address}
          hint="Up to 500 characters; line breaks are kept. Leave it empty to print none."
        >
          <Textarea
            id="postal-address"
            name="postal_address"
            rows={4}
            defaultValue={settings.postalAddress}
            placeholder={"Acme Inc.\n1 Main Street\nSpringfield, IL 62701\nUnited States"}
            className="max-w-md"
            aria-invalid={errors.postal_address ? true : undefined}
            aria-describedby={describedBy("postal-address", errors.postal_address, true)}
          />
        </Field>
      </Card>
      <Card className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3 p-5 sm:p-6">
        <div>
          <label htmlFor="language" className="text-[15px] font-semibold text-zinc-900">
            Email language
          </label>
          <p className="mt-1 max-w-prose text-[13px] text-zinc-500">
            The language your emails are written in. Mail apps and screen readers use it to
            pronounce and translate them; it does not translate anything.
          </p>
          {errors.language && (
            <p id="language-error" className="mt-1 text-[13px] text-red-600">
              {errors.language}
            </p>
          )}
        </div>
        <select
          id="language"
          name="language"
          defaultValue={settings.language}
          aria-invalid={errors.language ? true : undefined}
          aria-describedby={errors.language ? "language-error" : undefined}
          className="h-9 w-56 cursor-pointer rounded-lg bg-white px-3 text-sm text-zinc-900 shadow-xs ring-1 ring-zinc-200 outline-none ring-inset focus:ring-2 focus:ring-indigo-500"
        >
          {languageOptions(settings.language).map(([tag, name]) => (
            <option key={tag} value={tag}>
              {name} ({tag})
            </option>
          ))}
        </select>
      </Card>
      <Card className="flex items-start justify-between gap-6 p-5 sm:p-6">
        <div>
          <label htmlFor="double-opt-in" className="text-[15px] font-semibold text-zinc-900">
            Double opt-in
          </label>
          <p className="mt-1 max-w-prose text-[13px] text-zinc-500">
            New contacts get an email asking them to confirm, and count as subscribed only after
            they do. Contacts created with an explicit subscribed value and imported lists are not
            asked.
          </p>
        </div>
        <Switch id="double-opt-in" name="double_opt_in" defaultChecked={settings.doubleOptIn} />
      </Card>
      <DeliverabilityCard settings={settings} errors={errors} />
      <RetentionCard settings={settings} errors={errors} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save settings"}
        </Button>
      </div>
    </form>
  );
}

function languageOptions(current: string): [string, string][] {
  return LANGUAGES.some(([tag]) => tag === current)
    ? LANGUAGES
    : [[current, current], ...LANGUAGES];
}
