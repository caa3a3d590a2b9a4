"use client";

import { Link2, UserPlus } from "lucide-react";
import { startTransition, useActionState, type FormEvent } from "react";
import { inviteMemberAction, type CreatedInvitation } from "@/lib/web/dashboard/actions/members";
import { formatDateTime } from "@/lib/web/dashboard/format";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../../ui/button";
import { CopyButton } from "../../ui/copy-button";
import { DialogBody, DialogContent, DialogFooter } from "../../ui/dialog";
import { describedBy, Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { Notice } from "../../ui/notice";
import { FreshFormDialog } from "../../ui/fresh-form-dialog";
import { RoleOptions } from "./role-options";

export function InviteMemberDialog({ label = "Invite member" }: { label?: string }) {
  return (
    <FreshFormDialog
      label={label}
      icon={UserPlus}
      content={(onDone) => <InviteContent onDone={onDone} />}
    />
  );
}

function InviteContent({ onDone }: { onDone: () => void }) {
  const [state, action, pending] = useActionState<FormState<CreatedInvitation>, FormData>(
    inviteMemberAction,
    IDLE,
  );
  if (state.status === "success" && state.result) {
    return <LinkView created={state.result} onDone={onDone} />;
  }
  const errors = state.status === "error" ? state.fieldErrors : {};

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => action(form));
  }

  return (
    <DialogContent
      title="Invite a member"
      description="They get the invite link by email when this project can send mail, and you get it to copy either way. It works once, for this email address, for 7 days."
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {state.status === "error" && Object.keys(errors).length === 0 && (
            <Notice tone="error">{state.message}</Notice>
          )}
          <Field id="invite-email" label="Email" error={errors.email}>
            <Input
              id="invite-email"
              name="email"
              type="email"
              placeholder="colleague@company.com"
              autoComplete="off"
              maxLength={320}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy("invite-email", errors.email)}
            />
          </Field>
          <RoleOptions name="role" defaultValue="member" error={errors.role} />
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Creating link…" : "Create invite link"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

function LinkView({ created, onDone }: { created: CreatedInvitation; onDone: () => void }) {
  return (
    <DialogContent
      title={created.emailed ? "Invitation sent" : "Send this link"}
      description={
        created.emailed
          ? `The link is on its way to ${created.email}. Copy it too if you want to send it another way.`
          : `Anyone with the link can join as ${created.email}, so send it to them directly.`
      }
      onInteractOutside={(event) => event.preventDefault()}
    >
      <DialogBody>
        {created.emailed ? (
          <Notice tone="success" title={`Invitation emailed to ${created.email}`}>
            It expires {formatDateTime(new Date(created.expiresAt))}. The link below is shown only
            now: Mailwright keeps only a hash of it.
          </Notice>
        ) : (
          <Notice tone="warning" title="Not emailed: send the link yourself">
            It was not emailed because {created.notEmailedBecause}. The link is shown only now
            (Mailwright keeps only a hash of it); if it gets lost, revoke the invitation and invite
            again. It expires {formatDateTime(new Date(created.expiresAt))}.
          </Notice>
        )}
        <Field id="invite-link" label={`Invite link for ${created.email} (${created.role})`}>
          <div className="flex gap-2">
            <Input
              id="invite-link"
              readOnly
              value={created.url}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-[13px]"
            />
            <CopyButton value={created.url} label="Copy invite link" className="size-9" />
          </div>
        </Field>
        <p className="flex items-center gap-1.5 text-[13px] text-zinc-500">
          <Link2 aria-hidden className="size-3.5" />
          They set a name and password (or sign in, if they have an account) and land in this
          project.
        </p>
      </DialogBody>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </DialogContent>
  );
}
