"use client";

import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { startTransition, useActionState, useEffect, useState, type FormEvent } from "react";
import { addDomainAction } from "@/lib/web/dashboard/actions/domains";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../ui/button";
import { Dialog, DialogBody, DialogContent, DialogFooter, DialogTrigger } from "../ui/dialog";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { Notice } from "../ui/notice";
import { useToast } from "../ui/toast";

/** Adds a domain, then opens it to show the DNS records to publish. */
export function AddDomainDialog({ label = "Add domain" }: { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden />
          {label}
        </Button>
      </DialogTrigger>
      {open && <AddDomainForm onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function AddDomainForm({ onDone }: { onDone: () => void }) {
  const router = useRouter();
  const toast = useToast();
  const [state, action, pending] = useActionState<FormState<{ id: string }>, FormData>(
    addDomainAction,
    IDLE,
  );

  useEffect(() => {
    if (state.status !== "success" || !state.result) return;
    toast({ title: "Domain added", description: "Publish its DNS records, then verify." });
    onDone();
    router.push(`/settings/domains/${state.result.id}`);
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps

  const errors = state.status === "error" ? state.fieldErrors : {};
  const formLevel = state.status === "error" && Object.keys(errors).length === 0;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => action(form));
  }

  return (
    <DialogContent
      title="Add domain"
      description="The domain you send from, e.g. the part after @ in hello@yourcompany.com. A subdomain such as mail.yourcompany.com keeps your main domain's reputation separate."
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {formLevel && <Notice tone="error">{state.message}</Notice>}
          <Field
            id="domain-name"
            label="Domain"
            error={errors.name}
            hint="You will get a DKIM record to publish; SPF and DMARC records are suggested."
          >
            <Input
              id="domain-name"
              name="name"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="mail.yourcompany.com"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy("domain-name", errors.name, true)}
            />
          </Field>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Adding…" : "Add domain"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
