"use client";

import Link from "next/link";
import type { TopicOption } from "@/lib/web/dashboard/campaign-options";
import { describedBy, Field } from "../../ui/field";
import { Label } from "../../ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger } from "../../ui/select";
import { Switch } from "../../ui/switch";

const NO_TOPIC = "none";

/** What the campaign is about (its topic), and whether it is a notice everyone must get. */
export function TopicFields({
  topic,
  requiredNotice,
  topics,
  onChange,
  errors,
}: {
  topic: string | null;
  requiredNotice: boolean;
  topics: TopicOption[];
  onChange: (patch: { topic?: string | null; required_notice?: boolean }) => void;
  errors: Record<string, string>;
}) {
  return (
    <div className="grid gap-4">
      <Field
        id="campaign-topic"
        label="Topic"
        error={errors.topic}
        hint={
          topics.length === 0 ? (
            <span>
              No topics yet.{" "}
              <Link href="/topics" className="font-medium text-indigo-600 hover:text-indigo-500">
                Create one
              </Link>{" "}
              to let readers choose what they get.
            </span>
          ) : (
            "Contacts who left this topic do not get the campaign; its unsubscribe link leaves only the topic."
          )
        }
      >
        <Select
          value={topic ?? NO_TOPIC}
          onValueChange={(value) => onChange({ topic: value === NO_TOPIC ? null : value })}
        >
          <SelectTrigger
            id="campaign-topic"
            aria-invalid={errors.topic ? true : undefined}
            aria-describedby={describedBy("campaign-topic", errors.topic, true)}
            className="aria-invalid:ring-red-400 [&>span]:truncate"
          />
          <SelectContent>
            <SelectItem value={NO_TOPIC}>None</SelectItem>
            {topics.map((t) => (
              <SelectItem key={t.id} value={t.id}>
                {t.name}
              </SelectItem>
            ))}
            {/* A topic deleted since the draft was saved still shows what the draft holds. */}
            {topic && !topics.some((t) => t.id === topic) && (
              <SelectItem value={topic}>Deleted topic</SelectItem>
            )}
          </SelectContent>
        </Select>
      </Field>
      <div className="flex items-start justify-between gap-4 rounded-lg p-3 ring-1 ring-zinc-200 ring-inset">
        <div className="min-w-0">
          <Label htmlFor="campaign-required-notice">Required notice</Label>
          <p id="campaign-required-notice-hint" className="mt-0.5 text-[13px] text-zinc-500">
            Reaches unsubscribed and opted-out contacts too, never suppressed addresses; no
            unsubscribe header. Only for notices every contact must get, like a change of terms.
          </p>
          {errors.required_notice && (
            <p className="mt-1 text-[13px] text-red-600">{errors.required_notice}</p>
          )}
        </div>
        <Switch
          id="campaign-required-notice"
          checked={requiredNotice}
          onCheckedChange={(checked) => onChange({ required_notice: checked })}
          aria-describedby="campaign-required-notice-hint"
        />
      </div>
    </div>
  );
}
