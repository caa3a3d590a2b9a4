"use client";

import Link from "next/link";
import type { TopicOption } from "@/lib/web/dashboard/campaign-options";
import { TextField } from "../../../templates/editor/field-kit";
import { describedBy, Field } from "../../../ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger } from "../../../ui/select";
import type { TemplateOption } from "../template-options";
import type { PanelProps } from "./fields";
import { TemplatePicker } from "./template-picker";

const NO_TOPIC = "none";

export function EmailFields({
  step,
  errors,
  onPatch,
  onTouch,
  templates,
  topics,
}: PanelProps & { templates: TemplateOption[]; topics: TopicOption[] }) {
  const templateId = typeof step.templateId === "string" ? step.templateId : "";
  const template = templates.find((t) => t.id === templateId);
  const topicId = typeof step.topicId === "string" && step.topicId ? step.topicId : null;
  const topicFieldId = `${step.id}-topic`;
  return (
    <>
      <TemplatePicker
        id={`${step.id}-template`}
        value={templateId}
        onChange={(id) => {
          onPatch({ templateId: id });
          onTouch("templateId");
        }}
        templates={templates}
        error={errors.templateId}
      />
      <TextField
        id={`${step.id}-subject`}
        label="Subject (optional)"
        value={typeof step.subjectOverride === "string" ? step.subjectOverride : ""}
        onChange={(value) => onPatch({ subjectOverride: value === "" ? undefined : value })}
        onBlur={() => onTouch("subjectOverride")}
        error={errors.subjectOverride}
        placeholder={template?.subject ?? "The template’s subject"}
        maxLength={998}
        hint="Leave empty to use the template’s own subject."
      />
      <Field
        id={topicFieldId}
        label="Topic (optional)"
        error={errors.topicId}
        hint={
          topics.length === 0 ? (
            <span>
              No topics yet.{" "}
              <Link href="/topics" className="font-medium text-indigo-600 hover:text-indigo-500">
                Topics
              </Link>{" "}
              let readers choose what they get.
            </span>
          ) : (
            "Contacts who left this topic skip this email and go on to the next step."
          )
        }
      >
        <Select
          value={topicId ?? NO_TOPIC}
          onValueChange={(value) => {
            onPatch({ topicId: value === NO_TOPIC ? undefined : value });
            onTouch("topicId");
          }}
        >
          <SelectTrigger
            id={topicFieldId}
            aria-invalid={errors.topicId ? true : undefined}
            aria-describedby={describedBy(topicFieldId, errors.topicId, true)}
            className="aria-invalid:ring-red-400 [&>span]:truncate"
          />
          <SelectContent>
            <SelectItem value={NO_TOPIC}>None</SelectItem>
            {topics.map((t) => (
              <SelectItem key={t.id} value={t.id}>
                {t.name}
              </SelectItem>
            ))}
            {/* A topic deleted since the step was saved still shows what the step holds. */}
            {topicId && !topics.some((t) => t.id === topicId) && (
              <SelectItem value={topicId}>Deleted topic</SelectItem>
            )}
          </SelectContent>
        </Select>
      </Field>
    </>
  );
}
