"use client";

import {
  contentFields,
  contentValue,
  withContentValue,
} from "@/lib/web/dashboard/campaign-content";
import type { TemplateVariable } from "@/lib/templates/variables";
import { describedBy, Field } from "../../ui/field";
import { Input, Textarea } from "../../ui/input";

/**
 * One field per placeholder the chosen template asks the campaign to fill (a newsletter's
 * headline, its stories): the same text for every recipient. Empty ones use the template's
 * fallback; a contact's own value of the same field wins.
 */
export function ContentFields({
  templateVariables,
  variables,
  onChange,
  error,
}: {
  templateVariables: TemplateVariable[];
  variables: Record<string, unknown>;
  onChange: (variables: Record<string, unknown>) => void;
  error?: string;
}) {
  const fields = contentFields(templateVariables);
  if (fields.length === 0) return null;
  return (
    <fieldset className="border-t border-zinc-100 pt-4">
      {/* A floated legend lays out like a heading and still names the group. */}
      <legend className="float-left w-full text-sm font-semibold text-zinc-900">
        Template content
      </legend>
      <p className="clear-left pt-0.5 text-[13px] text-zinc-500">
        The same for every recipient. Leave a field empty to use the template’s default text.
      </p>
      {error && <p className="mt-1 text-[13px] text-red-600">{error}</p>}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {fields.map((field) => {
          const id = `campaign-content-${field.path.replace(/[^\w-]/g, "-")}`;
          const hint = <code className="font-mono text-xs">{`{{${field.path}}}`}</code>;
          const common = {
            id,
            value: contentValue(variables, field.path),
            placeholder: field.placeholder,
            autoComplete: "off",
            "aria-describedby": describedBy(id, undefined, true),
          };
          return (
            <Field
              key={field.path}
              id={id}
              label={field.label}
              hint={hint}
              className={field.multiline ? "sm:col-span-2" : undefined}
            >
              {field.multiline ? (
                <Textarea
                  {...common}
                  rows={3}
                  onChange={(e) =>
                    onChange(withContentValue(variables, field.path, e.target.value))
                  }
                />
              ) : (
                <Input
                  {...common}
                  onChange={(e) =>
                    onChange(withContentValue(variables, field.path, e.target.value))
                  }
                />
              )}
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}
