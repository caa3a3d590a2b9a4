"use client";

import {
  startTransition,
  useActionState,
  useEffect,
  useState,
  type FormEvent,
  type ReactNode,
} from "react";
import type { TopicResource } from "@/lib/topics/serialize";
import { createTopicAction, updateTopicAction } from "@/lib/web/dashboard/actions/topics";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../ui/button";
import { Dialog, DialogBody, DialogContent, DialogFooter, DialogTrigger } from "../ui/dialog";
import { describedBy, Field } from "../ui/field";
import { Input, Textarea } from "../ui/input";
import { Notice } from "../ui/notice";
import { SegmentedControl } from "../ui/segmented-control";
import { useToast } from "../ui/toast";
import { DEFAULT_LABELS, DEFAULT_HINTS, VISIBILITY_HINTS, VISIBILITY_LABELS } from "./labels";

type Subscription = TopicResource["default_subscription"];
type Visibility = TopicResource["visibility"];

type Props = {
  /** Absent: create a topic. Present: edit it. */
  topic?: TopicResource;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** Create or edit a topic: name, description, who is on it by default, and where it shows. */
export function TopicFormDialog({ topic, trigger, open, onOpenChange }: Props) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      {/* Mounted only while open: every opening starts from a clean form. */}
      {isOpen && <TopicForm topic={topic} onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function TopicForm({ topic, onDone }: { topic?: TopicResource; onDone: () => void }) {
  const toast = useToast();
  const [state, action, pending] = useActionState<FormState<{ id: string }>, FormData>(
    topic ? updateTopicAction.bind(null, topic.id) : createTopicAction,
    IDLE,
  );
  const [subscription, setSubscription] = useState<Subscription>(
    topic?.default_subscription ?? "opt_in",
  );
  const [visibility, setVisibility] = useState<Visibility>(topic?.visibility ?? "public");

  useEffect(() => {
    if (state.status !== "success") return;
    toast({ title: state.message ?? "Saved" });
    onDone();
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps

  const errors = state.status === "error" ? state.fieldErrors : {};
  const formLevel = state.status === "error" && Object.keys(errors).length === 0;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set("default_subscription", subscription);
    form.set("visibility", visibility);
    startTransition(() => action(form));
  }

  return (
    <DialogContent
      title={topic ? "Edit topic" : "New topic"}
      description="Readers choose the topics they want on the page behind every unsubscribe link."
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {formLevel && <Notice tone="error">{state.message}</Notice>}
          <Field id="topic-name" label="Name" error={errors.name}>
            <Input
              id="topic-name"
              name="name"
              autoComplete="off"
              placeholder="Product updates"
              defaultValue={topic?.name ?? ""}
              maxLength={100}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy("topic-name", errors.name)}
            />
          </Field>
          <Field
            id="topic-description"
            label="Description"
            error={errors.description}
            hint="Optional. Shown under the name on the preference page."
          >
            <Textarea
              id="topic-description"
              name="description"
              rows={2}
              placeholder="New features and improvements, about once a month."
              defaultValue={topic?.description ?? ""}
              maxLength={500}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describedBy("topic-description", errors.description, true)}
            />
          </Field>
          <ChoiceField
            id="topic-default"
            label="Who gets it"
            hint={DEFAULT_HINTS[subscription]}
            error={errors.default_subscription}
          >
            <SegmentedControl
              id="topic-default"
              label="Who gets it"
              value={subscription}
              onValueChange={setSubscription}
              options={[
                { value: "opt_in", label: DEFAULT_LABELS.opt_in },
                { value: "opt_out", label: DEFAULT_LABELS.opt_out },
              ]}
              className="flex w-full"
            />
          </ChoiceField>
          <ChoiceField
            id="topic-visibility"
            label="Visibility"
            hint={VISIBILITY_HINTS[visibility]}
            error={errors.visibility}
          >
            <SegmentedControl
              id="topic-visibility"
              label="Visibility"
              value={visibility}
              onValueChange={setVisibility}
              options={[
                { value: "public", label: VISIBILITY_LABELS.public },
                { value: "private", label: VISIBILITY_LABELS.private },
              ]}
              className="flex w-full"
            />
          </ChoiceField>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : topic ? "Save changes" : "Create topic"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** A label over a segmented control (a radio group, not a labellable input) and its hint. */
function ChoiceField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <span id={`${id}-label`} className="text-[13px] font-medium text-zinc-800">
        {label}
      </span>
      {children}
      <p className={error ? "text-[13px] text-red-600" : "text-[13px] text-zinc-500"}>
        {error ?? hint}
      </p>
    </div>
  );
}
