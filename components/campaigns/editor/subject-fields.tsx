"use client";

import { Plus, X } from "lucide-react";
import type { CampaignDraft } from "@/lib/web/dashboard/actions/campaigns";
import { Button } from "../../ui/button";
import { describedBy, Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { AbTestFields } from "./ab-test-fields";

const KEYS = ["A", "B", "C", "D"] as const;

/**
 * The subject (variant A) and up to three alternates (B, C, D). With alternates the audience is
 * split evenly between the subjects and each gets its own results.
 */
export function SubjectFields({
  subject,
  variants,
  abTest,
  onChange,
  errors,
}: {
  subject: string;
  variants: string[];
  abTest: CampaignDraft["ab_test"];
  onChange: (patch: Partial<Pick<CampaignDraft, "subject" | "variants" | "ab_test">>) => void;
  errors: Record<string, string>;
}) {
  const testing = variants.length > 0;
  const setVariant = (index: number, value: string) =>
    onChange({ variants: variants.map((v, i) => (i === index ? value : v)) });

  return (
    <div className="grid gap-3">
      {testing && <p className="-mb-1 text-[13px] font-medium text-zinc-800">Subjects</p>}
      <SubjectInput
        id="campaign-subject"
        variantKey={testing ? "A" : undefined}
        label={testing ? "Subject A" : "Subject"}
        value={subject}
        onChange={(value) => onChange({ subject: value })}
        error={errors.subject}
        placeholder="What’s new in June"
      />
      {variants.map((value, index) => (
        <SubjectInput
          key={index}
          id={`campaign-variant-${index}`}
          variantKey={KEYS[index + 1]!}
          label={`Subject ${KEYS[index + 1]}`}
          value={value}
          onChange={(next) => setVariant(index, next)}
          error={errors[`variants.${index}`]}
          placeholder="Another way to say it"
          onRemove={() => onChange({ variants: variants.filter((_, i) => i !== index) })}
        />
      ))}
      {errors.variants && <p className="text-[13px] text-red-600">{errors.variants}</p>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-[13px] text-zinc-500">
          {!testing
            ? "Add alternate subjects to A/B test them."
            : abTest
              ? `A/B test: ${variants.length + 1} subjects on a sample, then the winner.`
              : `A/B test: the audience is split evenly between ${variants.length + 1} subjects.`}
        </p>
        {variants.length < 3 && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange({ variants: [...variants, ""] })}
          >
            <Plus aria-hidden />
            Add subject {KEYS[variants.length + 1]}
          </Button>
        )}
      </div>
      {testing && (
        <AbTestFields
          abTest={abTest}
          onChange={(ab_test) => onChange({ ab_test })}
          errors={errors}
        />
      )}
    </div>
  );
}

function SubjectInput({
  id,
  variantKey,
  label,
  value,
  onChange,
  error,
  placeholder,
  onRemove,
}: {
  id: string;
  variantKey?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder: string;
  onRemove?: () => void;
}) {
  return (
    <Field
      id={id}
      label={variantKey ? <span className="sr-only">{label}</span> : label}
      error={error}
    >
      <div className="flex items-center gap-2">
        {variantKey && (
          <span
            aria-hidden
            className="grid size-7 shrink-0 place-items-center rounded-md bg-indigo-50 text-xs font-semibold text-indigo-700 ring-1 ring-indigo-600/15 ring-inset"
          >
            {variantKey}
          </span>
        )}
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          maxLength={998}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
        />
        {onRemove && (
          <Button variant="ghost" size="icon" onClick={onRemove} aria-label={`Remove ${label}`}>
            <X aria-hidden />
          </Button>
        )}
      </div>
    </Field>
  );
}
