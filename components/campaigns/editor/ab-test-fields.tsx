"use client";

import type { CampaignDraft } from "@/lib/web/dashboard/actions/campaigns";
import { describedBy, Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger } from "../../ui/select";
import { Switch } from "../../ui/switch";

type AbTest = NonNullable<CampaignDraft["ab_test"]>;
const DEFAULTS: AbTest = { sample_percent: 20, wait_hours: 4, metric: "open_rate" };

/**
 * With alternate subjects: either split the whole audience evenly, or test on a sample first
 * and send the subject that wins (by open or click rate after a wait) to everyone else.
 */
export function AbTestFields({
  abTest,
  onChange,
  errors,
}: {
  abTest: CampaignDraft["ab_test"];
  onChange: (abTest: CampaignDraft["ab_test"]) => void;
  errors: Record<string, string>;
}) {
  const set = (patch: Partial<AbTest>) => onChange({ ...(abTest ?? DEFAULTS), ...patch });
  // Typed numbers go to the service as typed (NaN for empty), so it can say what is wrong.
  const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
  return (
    <div className="grid gap-3 rounded-lg bg-zinc-50 px-3.5 py-3 ring-1 ring-zinc-200/70 ring-inset">
      <label className="flex cursor-pointer items-start justify-between gap-3">
        <span>
          <span className="block text-[13px] font-medium text-zinc-800">
            Pick a winner automatically
          </span>
          <span className="block text-xs text-zinc-500">
            Test the subjects on a sample, then send the best one to everyone else.
          </span>
        </span>
        <Switch
          checked={abTest !== null}
          onCheckedChange={(on) => onChange(on ? DEFAULTS : null)}
          aria-label="Pick a winner automatically"
        />
      </label>
      {abTest && (
        <div className="grid gap-3 sm:grid-cols-3">
          <Field id="ab-sample" label="Sample" error={errors["ab_test.sample_percent"]}>
            <div className="flex items-center gap-2">
              <Input
                id="ab-sample"
                type="number"
                min={1}
                max={50}
                value={Number.isNaN(abTest.sample_percent) ? "" : abTest.sample_percent}
                onChange={(e) => set({ sample_percent: number(e.target.value) })}
                className="tabular-nums"
                aria-invalid={errors["ab_test.sample_percent"] ? true : undefined}
                aria-describedby={describedBy("ab-sample", errors["ab_test.sample_percent"])}
              />
              <span className="text-[13px] text-zinc-600">%</span>
            </div>
          </Field>
          <Field id="ab-wait" label="Wait" error={errors["ab_test.wait_hours"]}>
            <div className="flex items-center gap-2">
              <Input
                id="ab-wait"
                type="number"
                min={0.25}
                max={168}
                step="any"
                value={Number.isNaN(abTest.wait_hours) ? "" : abTest.wait_hours}
                onChange={(e) => set({ wait_hours: number(e.target.value) })}
                className="tabular-nums"
                aria-invalid={errors["ab_test.wait_hours"] ? true : undefined}
                aria-describedby={describedBy("ab-wait", errors["ab_test.wait_hours"])}
              />
              <span className="text-[13px] text-zinc-600">hours</span>
            </div>
          </Field>
          <Field id="ab-metric" label="Winner by" error={errors["ab_test.metric"]}>
            <Select
              value={abTest.metric}
              onValueChange={(metric) => set({ metric: metric as AbTest["metric"] })}
            >
              <SelectTrigger id="ab-metric" />
              <SelectContent>
                <SelectItem value="open_rate">Open rate</SelectItem>
                <SelectItem value="click_rate">Click rate</SelectItem>
              </SelectContent>
            </Select>
          </Field>
        </div>
      )}
      {errors.ab_test && <p className="text-[13px] text-red-600">{errors.ab_test}</p>}
    </div>
  );
}
