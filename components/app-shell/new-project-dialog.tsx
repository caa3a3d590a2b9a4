"use client";

import {
  startTransition,
  useActionState,
  useEffect,
  useRef,
  useState,
  useTransition,
  type FormEvent,
} from "react";
import {
  createProjectAction,
  switchProjectAction,
  type CreatedProject,
} from "@/lib/web/dashboard/actions/projects";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../ui/dialog";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { Notice } from "../ui/notice";

/**
 * Project switcher → New project: a name, then the new project's API keys, shown once. Leaving
 * the keys (the button, Escape or the close button) opens the new project.
 */
export function NewProjectDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const created = useRef<string | null>(null);
  const [, startSwitching] = useTransition();
  useEffect(() => {
    if (open) created.current = null;
  }, [open]);
  // Once the project exists, every way out of the dialog leads into it.
  const leave = () => {
    const id = created.current;
    created.current = null;
    onOpenChange(false);
    if (id) startSwitching(() => switchProjectAction(id));
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : leave())}>
      {/* Mounted only while open: each opening starts with an empty form, never old keys. */}
      {open && (
        <NewProjectContent
          onCancel={leave}
          onCreated={(id) => (created.current = id)}
          onOpenProject={leave}
        />
      )}
    </Dialog>
  );
}

function NewProjectContent({
  onCancel,
  onCreated,
  onOpenProject,
}: {
  onCancel: () => void;
  onCreated: (projectId: string) => void;
  onOpenProject: () => void;
}) {
  const [state, action, pending] = useActionState<FormState<CreatedProject>, FormData>(
    createProjectAction,
    IDLE,
  );
  const createdId = state.status === "success" ? state.result?.id : undefined;
  useEffect(() => {
    if (createdId) onCreated(createdId);
  }, [createdId]); // eslint-disable-line react-hooks/exhaustive-deps
  // An error stays until the name is edited (not while the corrected name is still shown).
  const [editedAfter, setEditedAfter] = useState<number | null>(null);
  if (state.status === "success" && state.result)
    return <ProjectKeys created={state.result} onOpen={onOpenProject} />;
  const error =
    state.status === "error" && editedAfter !== state.at
      ? (state.fieldErrors.name ?? state.message)
      : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => action(form));
  }

  return (
    <DialogContent
      title="New project"
      description="A project has its own contacts, emails, domains, API keys and members. You will be its admin."
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <Field id="new-project-name" label="Project name" error={error}>
            <Input
              id="new-project-name"
              name="name"
              placeholder="Acme newsletter"
              defaultValue={state.status === "error" ? state.values?.name : undefined}
              maxLength={120}
              autoComplete="off"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy("new-project-name", error)}
              onChange={() => state.status === "error" && setEditedAfter(state.at)}
            />
          </Field>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Creating…" : "Create project"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

function ProjectKeys({ created, onOpen }: { created: CreatedProject; onOpen: () => void }) {
  return (
    <DialogContent
      title={`${created.name} is ready`}
      description="Its API keys are below. Copy them now if an app will send through this project."
      onInteractOutside={(event) => event.preventDefault()}
      onCloseAutoFocus={(event) => event.preventDefault()}
    >
      <DialogBody>
        <Notice tone="warning">
          This is the only time these keys are shown. You can create more in Settings → API keys.
        </Notice>
        <KeyField id="new-project-live" label="Live key" secret={created.keys.live} />
        <KeyField id="new-project-test" label="Test key" secret={created.keys.test} />
      </DialogBody>
      <DialogFooter>
        <Button onClick={onOpen}>Open {created.name}</Button>
      </DialogFooter>
    </DialogContent>
  );
}

function KeyField({ id, label, secret }: { id: string; label: string; secret: string }) {
  return (
    <Field id={id} label={label}>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-[13px]"
        />
        <CopyButton value={secret} label={`Copy ${label.toLowerCase()}`} className="size-9" />
      </div>
    </Field>
  );
}
