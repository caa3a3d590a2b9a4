"use client";

import { useRouter } from "next/navigation";
import {
  startTransition,
  useActionState,
  useEffect,
  useState,
  type FormEvent,
  type ReactNode,
} from "react";
import { createContactAction, updateContactAction } from "@/lib/web/dashboard/actions/contacts";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../ui/button";
import { Dialog, DialogBody, DialogContent, DialogFooter, DialogTrigger } from "../ui/dialog";
import { describedBy, Field } from "../ui/field";
import { Input, Textarea } from "../ui/input";
import { Label } from "../ui/label";
import { Notice } from "../ui/notice";
import { Switch } from "../ui/switch";
import { useToast } from "../ui/toast";

export type EditableContact = {
  id: string;
  email: string;
  name: string | null;
  subscribed: boolean;
  data: Record<string, unknown>;
};

type Props = {
  /** Absent: create a contact. Present: edit it. */
  contact?: EditableContact;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** After creating, open the new contact's page. */
  openCreated?: boolean;
};

/** Create or edit a contact: email, name, subscription and custom data as JSON. */
export function ContactFormDialog({ contact, trigger, open, onOpenChange, openCreated }: Props) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      {/* Mounted only while open: every opening starts from a clean form. */}
      {isOpen && (
        <ContactForm contact={contact} openCreated={openCreated} onDone={() => setOpen(false)} />
      )}
    </Dialog>
  );
}

function ContactForm({
  contact,
  openCreated,
  onDone,
}: {
  contact?: EditableContact;
  openCreated?: boolean;
  onDone: () => void;
}) {
  const router = useRouter();
  const toast = useToast();
  const [state, action, pending] = useActionState<FormState<{ id: string }>, FormData>(
    contact ? updateContactAction.bind(null, contact.id) : createContactAction,
    IDLE,
  );
  const [subscribed, setSubscribed] = useState(contact?.subscribed ?? true);

  useEffect(() => {
    if (state.status !== "success") return;
    toast({ title: state.message ?? "Saved" });
    onDone();
    if (!contact && openCreated && state.result) router.push(`/contacts/${state.result.id}`);
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps

  const errors = state.status === "error" ? state.fieldErrors : {};
  const formLevel = state.status === "error" && Object.keys(errors).length === 0;
  const initialData =
    contact && Object.keys(contact.data).length > 0 ? JSON.stringify(contact.data, null, 2) : "";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set("subscribed", subscribed ? "on" : "off");
    startTransition(() => action(form));
  }

  return (
    <DialogContent
      title={contact ? "Edit contact" : "Add contact"}
      description={
        contact
          ? "Change the profile, subscription or custom data of this contact."
          : "Contacts added here get the source “dashboard”."
      }
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {formLevel && <Notice tone="error">{state.message}</Notice>}
          <Field
            id="contact-email"
            label="Email"
            error={errors.email}
            hint={contact ? "The email identifies the contact and cannot be changed." : undefined}
          >
            <Input
              id="contact-email"
              name="email"
              type="email"
              autoComplete="off"
              placeholder="ada@example.com"
              defaultValue={contact?.email}
              disabled={Boolean(contact)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy("contact-email", errors.email, Boolean(contact))}
            />
          </Field>
          <Field id="contact-name" label="Name" error={errors.name}>
            <Input
              id="contact-name"
              name="name"
              autoComplete="off"
              placeholder="Ada Lovelace"
              defaultValue={contact?.name ?? ""}
              maxLength={200}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy("contact-name", errors.name)}
            />
          </Field>
          <div className="flex items-start justify-between gap-4 rounded-xl p-3 ring-1 ring-zinc-200 ring-inset">
            <div>
              <Label htmlFor="contact-subscribed">Subscribed</Label>
              <p id="contact-subscribed-hint" className="mt-0.5 text-[13px] text-zinc-500">
                Unsubscribed contacts get transactional email only, never campaigns.
              </p>
            </div>
            <Switch
              id="contact-subscribed"
              checked={subscribed}
              onCheckedChange={setSubscribed}
              aria-describedby="contact-subscribed-hint"
            />
          </div>
          <Field
            id="contact-data"
            label="Data"
            error={errors.data}
            hint={
              contact
                ? "A JSON object of custom fields. Remove a key to delete that field."
                : 'A JSON object of custom fields, e.g. {"plan": "pro"}. Templates use it as {{data.plan}}.'
            }
          >
            <Textarea
              id="contact-data"
              name="data"
              rows={6}
              spellCheck={false}
              placeholder={'{\n  "plan": "pro"\n}'}
              defaultValue={initialData}
              className="font-mono text-[13px]"
              aria-invalid={errors.data ? true : undefined}
              aria-describedby={describedBy("contact-data", errors.data, true)}
            />
          </Field>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : contact ? "Save changes" : "Add contact"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
