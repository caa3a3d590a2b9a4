"use client";

import { Send } from "lucide-react";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { sendTestEmailAction } from "@/lib/web/dashboard/actions/templates";
import { sentence } from "@/lib/web/dashboard/templates-issues";
import { testSendVariables, type Samples } from "@/lib/web/dashboard/templates-variables";
import { sampleValueFor } from "@/lib/templates/sample-values";
import type { TemplateVariable } from "@/lib/templates/variables";
import { Button } from "../../ui/button";
import { Dialog, DialogBody, DialogContent, DialogFooter, DialogTrigger } from "../../ui/dialog";
import { describedBy, Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { Notice } from "../../ui/notice";
import { useToast } from "../../ui/toast";

export type SenderInfo = { label: string; address: string } | null;

type Props = {
  templateId: string;
  templateName: string;
  sender: SenderInfo;
  deliveryConfigured: boolean;
  defaultTo: string;
  variables: TemplateVariable[];
  samples: Samples;
  onSamplesChange: (samples: Samples) => void;
  /** Where the sample pictures are served: the public URL, as for the email's links. */
  publicUrl?: string;
  dirty: boolean;
  /** Saves the draft first (a test sends the saved template); false when saving failed. */
  save: () => Promise<boolean>;
};

/** "Send test email": the template to one address, from the project's sender (else simulated). */
export function SendTestDialog(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Send aria-hidden />
          <span className="max-sm:sr-only">Send test</span>
        </Button>
      </DialogTrigger>
      {open && <SendTestForm {...props} onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function SendTestForm({
  templateId,
  templateName,
  sender,
  deliveryConfigured,
  defaultTo,
  variables,
  samples,
  onSamplesChange,
  publicUrl,
  dirty,
  save,
  onDone,
}: Props & { onDone: () => void }) {
  const toast = useToast();
  const [to, setTo] = useState(defaultTo);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; to?: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      if (dirty && !(await save())) {
        setError({ message: "The template has problems: fix them in the editor, then send." });
        return;
      }
      const result = await sendTestEmailAction(templateId, {
        to,
        variables: testSendVariables(variables, samples, publicUrl),
      });
      if (!result.ok) {
        const toDetail = result.details.find((d) => d.path === "to");
        setError({ message: result.message, to: toDetail && sentence(toDetail.message) });
        return;
      }
      toast({
        title:
          result.mode === "test"
            ? "Simulated test email recorded"
            : result.status === "queued"
              ? "Queued: delivery is not configured yet"
              : "Sent",
        description: `Test of “${templateName}” to ${result.to}`,
        action: { label: "View in Emails log", href: `/emails/${result.emailId}` },
      });
      onDone();
    } catch {
      setError({ message: "The server could not be reached. Try again." });
    } finally {
      setPending(false);
    }
  }

  return (
    <DialogContent
      title="Send a test email"
      description="See the saved template in a real inbox, with the sample values below."
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {!sender ? (
            <Notice tone="info" title="Simulated: no verified sender yet">
              Without a sender on a verified domain, the test goes through the whole pipeline and is
              recorded in Emails, but is not delivered to an inbox.{" "}
              <Link href="/settings/domains" className="font-medium underline">
                Verify a domain to send for real
              </Link>
            </Notice>
          ) : (
            <div className="grid gap-1.5">
              <span className="text-[13px] font-medium text-zinc-800">From</span>
              <p className="truncate rounded-lg bg-zinc-50 px-3 py-2 text-sm text-zinc-700 ring-1 ring-zinc-200 ring-inset">
                {sender.label}
              </p>
            </div>
          )}
          {error && !error.to && <Notice tone="error">{error.message}</Notice>}
          <Field id="test-to" label="To" error={error?.to}>
            <Input
              id="test-to"
              type="email"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              autoComplete="email"
              placeholder="you@example.com"
              aria-invalid={error?.to ? true : undefined}
              aria-describedby={describedBy("test-to", error?.to)}
            />
          </Field>
          {variables.length > 0 && (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-[13px] font-medium text-zinc-800">Sample values</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {variables.map((variable) => (
                  <div key={variable.name} className="grid min-w-0 gap-1">
                    <label
                      htmlFor={`test-var-${variable.name}`}
                      className="truncate font-mono text-xs text-zinc-600"
                    >
                      {variable.name}
                    </label>
                    <Input
                      id={`test-var-${variable.name}`}
                      value={samples[variable.name] ?? ""}
                      placeholder={sampleValueFor(variable, publicUrl)}
                      onChange={(e) =>
                        onSamplesChange({ ...samples, [variable.name]: e.target.value })
                      }
                      className="h-8 text-[13px]"
                    />
                  </div>
                ))}
              </div>
            </fieldset>
          )}
          {sender && !deliveryConfigured && (
            <Notice tone="info">
              Delivery is not configured on this server (no SMTP_URL or RESEND_API_KEY), so the
              email will wait in the queue and go out once it is.
            </Notice>
          )}
          {dirty && (
            <p className="text-[13px] text-zinc-500">Your unsaved changes are saved first.</p>
          )}
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            <Send aria-hidden />
            {pending ? "Sending…" : "Send test email"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
