import { Card } from "../ui/card";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";

export type BreakerSettings = {
  bounceRateThreshold: number;
  complaintRateThreshold: number;
  breakerMinimumSends: number;
};

/** Settings → General: the circuit breaker's thresholds (part of the general settings form). */
export function DeliverabilityCard({
  settings,
  errors,
}: {
  settings: BreakerSettings;
  errors: Record<string, string | undefined>;
}) {
  const fields = [
    {
      id: "bounce-threshold",
      name: "bounce_rate_threshold",
      label: "Hard-bounce rate above",
      value: settings.bounceRateThreshold,
      suffix: "%",
      step: "any",
      hint: "Default 5 %",
    },
    {
      id: "complaint-threshold",
      name: "complaint_rate_threshold",
      label: "Spam-complaint rate above",
      value: settings.complaintRateThreshold,
      suffix: "%",
      step: "any",
      hint: "Default 0.3 %",
    },
    {
      id: "minimum-sends",
      name: "breaker_minimum_sends",
      label: "After at least",
      value: settings.breakerMinimumSends,
      suffix: "emails",
      step: "1",
      hint: "Default 200",
    },
  ];
  return (
    <Card className="grid gap-5 p-5 sm:p-6">
      <div>
        <h2 className="text-[15px] font-semibold text-zinc-900">Deliverability safeguard</h2>
        <p className="mt-1 max-w-prose text-[13px] text-zinc-500">
          A sending campaign or a live automation pauses itself when too many of its recent emails
          hard-bounce or are reported as spam, before mailbox providers start sending all your email
          to spam. You get a banner with one-click Resume, and a webhook.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {fields.map((field) => (
          <Field
            key={field.id}
            id={field.id}
            label={field.label}
            error={errors[field.name]}
            hint={field.hint}
          >
            <div className="relative">
              <Input
                id={field.id}
                name={field.name}
                type="number"
                inputMode="decimal"
                min={field.step === "1" ? 1 : 0}
                max={field.step === "1" ? undefined : 100}
                step={field.step}
                defaultValue={field.value}
                className="pr-16 tabular-nums"
                aria-invalid={errors[field.name] ? true : undefined}
                aria-describedby={describedBy(field.id, errors[field.name], true)}
              />
              <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-[13px] text-zinc-500">
                {field.suffix}
              </span>
            </div>
          </Field>
        ))}
      </div>
    </Card>
  );
}
