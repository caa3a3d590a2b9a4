"use client";

import { TextField } from "../../../templates/editor/field-kit";
import type { TemplateOption } from "../template-options";
import type { PanelProps } from "./fields";
import { TemplatePicker } from "./template-picker";

export function EmailFields({
  step,
  errors,
  onPatch,
  onTouch,
  templates,
}: PanelProps & { templates: TemplateOption[] }) {
  const templateId = typeof step.templateId === "string" ? step.templateId : "";
  const template = templates.find((t) => t.id === templateId);
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
    </>
  );
}
