"use client";

import { CalendarClock, Send } from "lucide-react";
import { useSyncExternalStore } from "react";
import { describedBy, Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { SegmentedControl } from "../../ui/segmented-control";
import type { Delivery } from "./use-campaign-editor";

const noSubscribe = () => () => {};

/** ISO → the `datetime-local` value in the browser's time zone ("2026-06-01T09:30"). */
function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** Send as soon as confirmed, or at a date and time in the marketer's own time zone. */
export function DeliveryField({
  delivery,
  onDeliveryChange,
  scheduledAt,
  onScheduledAtChange,
  error,
}: {
  delivery: Delivery;
  onDeliveryChange: (delivery: Delivery) => void;
  scheduledAt: string | null;
  onScheduledAtChange: (iso: string | null) => void;
  error?: string;
}) {
  // The time is shown in the browser's zone, which the server cannot know: render it there only.
  const inBrowser = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  const zone = inBrowser ? Intl.DateTimeFormat().resolvedOptions().timeZone : "";

  return (
    <div className="grid gap-4">
      <SegmentedControl<Delivery>
        label="When to send"
        value={delivery}
        onValueChange={onDeliveryChange}
        options={[
          { value: "now", label: "Send now", icon: Send },
          { value: "schedule", label: "Schedule", icon: CalendarClock },
        ]}
        className="w-full sm:w-auto"
      />
      {delivery === "schedule" && (
        <Field
          id="campaign-scheduled-at"
          label="Send at"
          error={error}
          hint={zone ? `In your time zone (${zone}).` : undefined}
        >
          {inBrowser ? (
            <Input
              id="campaign-scheduled-at"
              type="datetime-local"
              value={toLocalInput(scheduledAt)}
              onChange={(e) =>
                onScheduledAtChange(e.target.value ? new Date(e.target.value).toISOString() : null)
              }
              className="max-w-64 tabular-nums"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy("campaign-scheduled-at", error, Boolean(zone))}
            />
          ) : (
            <div className="h-9 max-w-64 rounded-lg bg-zinc-50 ring-1 ring-zinc-200 ring-inset" />
          )}
        </Field>
      )}
      {delivery === "now" && (
        <p className="text-[13px] text-zinc-500">
          Sending starts as soon as you confirm. You can cancel it while it is still queued.
        </p>
      )}
    </div>
  );
}
