"use client";

import { Filter, LoaderCircle, Plus, Users } from "lucide-react";
import Link from "next/link";
import type { SegmentOption } from "@/lib/web/dashboard/campaign-options";
import { formatCount } from "@/lib/web/dashboard/format";
import { cn } from "../../ui/cn";
import { describedBy, Field } from "../../ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger } from "../../ui/select";
import type { RecipientCount } from "./use-recipient-count";

/** Everyone or a segment, and how many contacts that is right now. */
export function AudienceField({
  target,
  segment,
  segments,
  count,
  topic,
  requiredNotice,
  onChange,
  errors,
}: {
  target: "all" | "segment";
  segment: string | null;
  segments: SegmentOption[];
  count: RecipientCount;
  topic: string | null;
  requiredNotice: boolean;
  onChange: (patch: { target?: "all" | "segment"; segment?: string | null }) => void;
  errors: Record<string, string>;
}) {
  const options = [
    { value: "all", label: "All contacts", hint: "Everyone subscribed", icon: Users },
    { value: "segment", label: "A segment", hint: "Contacts matching rules", icon: Filter },
  ] as const;
  return (
    <div className="grid gap-4">
      <div
        role="radiogroup"
        aria-label="Audience"
        className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1"
      >
        {options.map((option) => {
          const checked = target === option.value;
          return (
            <button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={checked}
              onClick={() => onChange({ target: option.value })}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-left ring-1 transition-colors ring-inset",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500",
                checked
                  ? "bg-indigo-50/60 ring-2 ring-indigo-500"
                  : "bg-white ring-zinc-200 hover:bg-zinc-50",
              )}
            >
              <option.icon
                aria-hidden
                className={cn("size-4 shrink-0", checked ? "text-indigo-600" : "text-zinc-400")}
              />
              <span className="min-w-0">
                <span className="block text-sm font-medium text-zinc-900">{option.label}</span>
                <span className="block text-xs text-zinc-500">{option.hint}</span>
              </span>
            </button>
          );
        })}
      </div>
      {target === "segment" && (
        <Field
          id="campaign-segment"
          label="Segment"
          error={errors.segment}
          hint={
            segments.length === 0 ? (
              <span>
                No segments yet.{" "}
                <Link
                  href="/segments/new"
                  className="font-medium text-indigo-600 hover:text-indigo-500"
                >
                  Create one
                </Link>
              </span>
            ) : (
              <Link
                href="/segments/new"
                target="_blank"
                className="inline-flex items-center gap-1 font-medium text-indigo-600 hover:text-indigo-500"
              >
                <Plus aria-hidden className="size-3.5" />
                New segment
              </Link>
            )
          }
        >
          <Select
            value={segment ?? undefined}
            onValueChange={(value) => onChange({ segment: value })}
          >
            <SelectTrigger
              id="campaign-segment"
              placeholder="Choose a segment"
              aria-invalid={errors.segment ? true : undefined}
              aria-describedby={describedBy("campaign-segment", errors.segment, true)}
              className="aria-invalid:ring-red-400 [&>span]:truncate"
            />
            <SelectContent>
              {segments.map((s) => (
                <SelectItem key={s.id} value={s.id}>
                  {s.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      )}
      <RecipientSummary count={count} topic={topic} requiredNotice={requiredNotice} />
    </div>
  );
}

function RecipientSummary({
  count,
  topic,
  requiredNotice,
}: {
  count: RecipientCount;
  topic: string | null;
  requiredNotice: boolean;
}) {
  const leftOut = requiredNotice
    ? "Only suppressed addresses are left out."
    : topic
      ? "Unsubscribed and suppressed contacts, and those who left the topic, are left out."
      : "Unsubscribed and suppressed contacts are left out.";
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-center gap-3 rounded-lg bg-zinc-50 px-3.5 py-3 ring-1 ring-zinc-200/70 ring-inset"
    >
      <span className="grid size-8 shrink-0 place-items-center rounded-md bg-white shadow-xs ring-1 ring-zinc-200">
        {count.state === "loading" ? (
          <LoaderCircle aria-hidden className="size-4 animate-spin text-zinc-400" />
        ) : (
          <Users aria-hidden className="size-4 text-zinc-500" />
        )}
      </span>
      <p className="text-[13px] text-zinc-600">
        {count.state === "ready" ? (
          <>
            <span className="font-semibold text-zinc-900 tabular-nums">
              {formatCount(count.count)} {count.count === 1 ? "recipient" : "recipients"}
            </span>{" "}
            right now. {leftOut}
          </>
        ) : count.state === "loading" ? (
          "Counting recipients…"
        ) : count.state === "missing" ? (
          "This segment no longer exists: choose another."
        ) : (
          "The recipients could not be counted. They will be when you send."
        )}
      </p>
    </div>
  );
}
