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
import { createWebhookAction, updateWebhookAction } from "@/lib/web/dashboard/actions/webhooks";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../ui/button";
import { Dialog, DialogBody, DialogContent, DialogFooter, DialogTrigger } from "../ui/dialog";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Notice } from "../ui/notice";
import { Switch } from "../ui/switch";
import { useToast } from "../ui/toast";
import { EVENT_DESCRIPTIONS, EVENT_GROUPS, WEBHOOK_EVENT_TYPES } from "./event-labels";

export type EditableWebhook = {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  all_events: boolean;
  active: boolean;
};

type Props = {
  /** Absent: create an endpoint (then open it). Present: edit it. */
  webhook?: EditableWebhook;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

export function WebhookFormDialog({ webhook, trigger, open, onOpenChange }: Props) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      {isOpen && <WebhookForm webhook={webhook} onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function WebhookForm({ webhook, onDone }: { webhook?: EditableWebhook; onDone: () => void }) {
  const router = useRouter();
  const toast = useToast();
  const [state, action, pending] = useActionState<FormState<{ id: string }>, FormData>(
    webhook ? updateWebhookAction.bind(null, webhook.id) : createWebhookAction,
    IDLE,
  );
  const [events, setEvents] = useState<string[]>(webhook?.events ?? [...WEBHOOK_EVENT_TYPES]);
  // "All events": every type, those a later version adds included (the endpoint's all_events).
  const [allEvents, setAllEvents] = useState(webhook?.all_events ?? true);
  const [active, setActive] = useState(webhook?.active ?? true);

  useEffect(() => {
    if (state.status !== "success" || !state.result) return;
    toast({ title: state.message ?? "Saved" });
    onDone();
    if (!webhook) router.push(`/settings/webhooks/${state.result.id}`);
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps

  const errors = state.status === "error" ? state.fieldErrors : {};
  const formLevel = state.status === "error" && Object.keys(errors).length === 0;
  const all = events.length === WEBHOOK_EVENT_TYPES.length;

  function toggle(type: string, checked: boolean) {
    setEvents((list) => (checked ? [...list, type] : list.filter((t) => t !== type)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (webhook) form.set("active", active ? "on" : "off");
    startTransition(() => action(form));
  }

  return (
    <DialogContent
      title={webhook ? "Edit webhook endpoint" : "Add webhook endpoint"}
      description={
        webhook
          ? "Change where events are sent and which ones."
          : "Mailwright will POST a signed JSON event to this URL whenever one of the selected events happens."
      }
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {formLevel && <Notice tone="error">{state.message}</Notice>}
          <Field id="webhook-url" label="Endpoint URL" error={errors.url}>
            <Input
              id="webhook-url"
              name="url"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://api.yourcompany.com/webhooks/mailwright"
              defaultValue={webhook?.url}
              className="font-mono text-[13px]"
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={describedBy("webhook-url", errors.url)}
            />
          </Field>
          <Field
            id="webhook-description"
            label={
              <>
                Description <span className="font-normal text-zinc-400">(optional)</span>
              </>
            }
            error={errors.description}
          >
            <Input
              id="webhook-description"
              name="description"
              autoComplete="off"
              maxLength={500}
              placeholder="Order service, bounce handling…"
              defaultValue={webhook?.description ?? ""}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describedBy("webhook-description", errors.description)}
            />
          </Field>
          <fieldset
            className="grid gap-1.5"
            aria-describedby={errors.events ? "webhook-events-error" : undefined}
          >
            <div className="flex items-center justify-between">
              <legend className="text-[13px] font-medium text-zinc-800">Events</legend>
              {!allEvents && (
                <button
                  type="button"
                  onClick={() => setEvents(all ? [] : [...WEBHOOK_EVENT_TYPES])}
                  className="cursor-pointer text-[13px] font-medium text-indigo-600 hover:text-indigo-500"
                >
                  {all ? "Clear all" : "Select all"}
                </button>
              )}
            </div>
            <label className="flex cursor-pointer items-start gap-3 rounded-xl px-3 py-2.5 ring-1 ring-zinc-200 ring-inset hover:bg-zinc-50">
              <input
                type="checkbox"
                name="all_events"
                checked={allEvents}
                onChange={(e) => setAllEvents(e.currentTarget.checked)}
                aria-describedby="webhook-all-events-hint"
                className="mt-0.5 size-4 shrink-0 accent-indigo-600"
              />
              <span className="min-w-0">
                <span className="block text-[13px] font-medium text-zinc-900">All events</span>
                <span id="webhook-all-events-hint" className="block text-xs text-zinc-500">
                  Every type below, and the types later versions of Mailwright add.
                </span>
              </span>
            </label>
            <div className="max-h-80 divide-y divide-zinc-100 overflow-y-auto rounded-xl ring-1 ring-zinc-200 ring-inset">
              {EVENT_GROUPS.map((group) => (
                <div key={group.label} role="group" aria-label={group.label}>
                  <p className="px-3 pt-2.5 text-xs font-medium tracking-wide text-zinc-500 uppercase">
                    {group.label}
                  </p>
                  {group.types.map((type) => (
                    <label
                      key={type}
                      className={`flex items-start gap-3 px-3 py-2 ${allEvents ? "opacity-60" : "cursor-pointer hover:bg-zinc-50"}`}
                    >
                      <input
                        type="checkbox"
                        name="events"
                        value={type}
                        // Included by "All events": shown checked, not sent (all_events says it).
                        checked={allEvents || events.includes(type)}
                        disabled={allEvents}
                        onChange={(e) => toggle(type, e.currentTarget.checked)}
                        className="mt-0.5 size-4 shrink-0 accent-indigo-600"
                      />
                      <span className="min-w-0">
                        <code className="block font-mono text-[13px] text-zinc-900">{type}</code>
                        <span className="block text-xs text-zinc-500">
                          {EVENT_DESCRIPTIONS[type]}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
              ))}
            </div>
            {errors.events && (
              <p id="webhook-events-error" className="text-[13px] text-red-600">
                {errors.events}
              </p>
            )}
          </fieldset>
          {webhook && (
            <div className="flex items-start justify-between gap-4 rounded-xl p-3 ring-1 ring-zinc-200 ring-inset">
              <div>
                <Label htmlFor="webhook-active">Active</Label>
                <p id="webhook-active-hint" className="mt-0.5 text-[13px] text-zinc-500">
                  A disabled endpoint receives nothing. Enabling it again clears an automatic
                  disable.
                </p>
              </div>
              <Switch
                id="webhook-active"
                checked={active}
                onCheckedChange={setActive}
                aria-describedby="webhook-active-hint"
              />
            </div>
          )}
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : webhook ? "Save changes" : "Add endpoint"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
