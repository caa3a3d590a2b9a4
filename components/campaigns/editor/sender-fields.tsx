"use client";

import { Link2 } from "lucide-react";
import Link from "next/link";
import { describedBy, Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { Notice } from "../../ui/notice";
import { Select, SelectContent, SelectItem, SelectTrigger } from "../../ui/select";

/**
 * From name, and the from address as a mailbox on one of the project's verified domains: the
 * only domains a campaign can send from, so the domain is a choice rather than typed text.
 */
export function SenderFields({
  fromName,
  fromEmail,
  domains,
  onChange,
  errors,
}: {
  fromName: string;
  fromEmail: string;
  domains: string[];
  onChange: (patch: { from_name?: string; from_email?: string }) => void;
  errors: Record<string, string>;
}) {
  const at = fromEmail.lastIndexOf("@");
  const mailbox = at >= 0 ? fromEmail.slice(0, at) : fromEmail;
  const domain = at >= 0 ? fromEmail.slice(at + 1) : "";
  // A saved address whose domain lost its verification still shows (and fails with a reason).
  const choices = domain && !domains.includes(domain) ? [...domains, domain] : domains;
  const emailError = errors.from_email;

  return (
    <div className="grid gap-4">
      {domains.length === 0 && (
        <Notice tone="warning" title="No verified domain yet">
          Campaigns are sent from an address on a domain you verified.{" "}
          <Link
            href="/settings/domains"
            className="inline-flex items-center gap-1 font-medium underline"
          >
            <Link2 aria-hidden className="size-3.5" />
            Add a domain in Settings → Domains
          </Link>
        </Notice>
      )}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Field id="campaign-from-name" label="From name" error={errors.from_name}>
          <Input
            id="campaign-from-name"
            value={fromName}
            onChange={(e) => onChange({ from_name: e.target.value })}
            placeholder="Acme"
            maxLength={200}
            autoComplete="off"
            aria-invalid={errors.from_name ? true : undefined}
            aria-describedby={describedBy("campaign-from-name", errors.from_name)}
          />
        </Field>
        <Field id="campaign-from-email" label="From address" error={emailError}>
          <div className="flex min-w-0 items-stretch">
            <Input
              id="campaign-from-email"
              value={mailbox}
              onChange={(e) => onChange({ from_email: `${e.target.value.trim()}@${domain}` })}
              placeholder="news"
              autoComplete="off"
              spellCheck={false}
              disabled={choices.length === 0}
              className="w-0 min-w-20 flex-1 rounded-r-none"
              aria-invalid={emailError ? true : undefined}
              aria-describedby={describedBy("campaign-from-email", emailError)}
            />
            <Select
              value={domain || undefined}
              onValueChange={(next) => onChange({ from_email: `${mailbox}@${next}` })}
              disabled={choices.length === 0}
            >
              <SelectTrigger
                aria-label="Sending domain"
                placeholder="domain"
                className="-ml-px w-auto max-w-[70%] min-w-0 shrink-0 rounded-l-none bg-zinc-50 [&>span]:truncate"
              />
              <SelectContent align="end">
                {choices.map((name) => (
                  <SelectItem key={name} value={name}>
                    @{name}
                    {!domains.includes(name) && " (not verified)"}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </Field>
      </div>
    </div>
  );
}
