import { Card } from "../ui/card";
import { Input } from "../ui/input";

export type RetentionSettings = {
  emailContentRetentionDays: number;
  eventRetentionDays: number;
};

/**
 * Settings → General: how long email content and events are kept (part of the general settings
 * form; the limits match lib/projects/update-settings.ts, which says why).
 */
export function RetentionCard({
  settings,
  errors,
}: {
  settings: RetentionSettings;
  errors: Record<string, string | undefined>;
}) {
  return (
    <Card className="grid gap-5 p-5 sm:p-6">
      <DaysField
        id="retention"
        name="email_content_retention_days"
        label="Keep email content"
        explanation="After this many days the body and attachments of sent and received emails (and of messages apps submitted over SMTP) are removed. The emails stay in the log with their status, events and engagement, and reports do not change."
        min={7}
        value={settings.emailContentRetentionDays}
        error={errors.email_content_retention_days}
      />
      <DaysField
        id="event-retention"
        name="event_retention_days"
        label="Keep events"
        explanation="Opens, clicks, deliveries and custom events older than this are removed; counters and campaign totals stay."
        min={30}
        value={settings.eventRetentionDays}
        error={errors.event_retention_days}
      />
    </Card>
  );
}

function DaysField(props: {
  id: string;
  name: string;
  label: string;
  explanation: string;
  min: number;
  value: number;
  error: string | undefined;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
      <div>
        <label htmlFor={props.id} className="text-[15px] font-semibold text-zinc-900">
          {props.label}
        </label>
        <p className="mt-1 max-w-prose text-[13px] text-zinc-500">{props.explanation}</p>
        {props.error && (
          <p id={errorId} className="mt-1 text-[13px] text-red-600">
            {props.error}
          </p>
        )}
      </div>
      <div className="flex items-center gap-2">
        <Input
          id={props.id}
          name={props.name}
          type="number"
          inputMode="numeric"
          min={props.min}
          max={3650}
          defaultValue={props.value}
          className="w-24 text-right"
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
        />
        <span className="text-sm text-zinc-600">days</span>
      </div>
    </div>
  );
}
