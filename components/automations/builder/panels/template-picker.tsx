"use client";

import * as SelectPrimitive from "@radix-ui/react-select";
import { ExternalLink, LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { templatePreviewAction } from "@/lib/web/dashboard/actions/automations";
import { ScaledFrame } from "../../../templates/scaled-frame";
import { describedBy, Field } from "../../../ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger } from "../../../ui/select";
import type { TemplateOption } from "../template-options";

type Preview = { subject: string; html: string } | { error: string };
// Rendered once per template per page visit: switching steps back and forth stays instant.
const previews = new Map<string, Preview>();

/** Own templates first, then the gallery; the chosen one is previewed below. */
export function TemplatePicker({
  id,
  value,
  onChange,
  templates,
  error,
}: {
  id: string;
  value: string;
  onChange: (templateId: string) => void;
  templates: TemplateOption[];
  error?: string;
}) {
  const own = templates.filter((t) => !t.system);
  const gallery = templates.filter((t) => t.system);
  const chosen = templates.find((t) => t.id === value);
  return (
    <div className="grid gap-3">
      <Field id={id} label="Template" error={error}>
        <Select value={chosen ? value : undefined} onValueChange={onChange}>
          <SelectTrigger
            id={id}
            placeholder="Choose a template"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error)}
            className="aria-invalid:ring-red-400 [&>span]:truncate"
          />
          <SelectContent className="max-h-80">
            {own.length > 0 && (
              <SelectPrimitive.Group>
                <SelectPrimitive.Label className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-zinc-500">
                  Your templates
                </SelectPrimitive.Label>
                {own.map((t) => (
                  <SelectItem key={t.id} value={t.id}>
                    {t.name}
                  </SelectItem>
                ))}
              </SelectPrimitive.Group>
            )}
            <SelectPrimitive.Group>
              <SelectPrimitive.Label className="px-2.5 pt-2 pb-1 text-xs font-medium text-zinc-500">
                Gallery
              </SelectPrimitive.Label>
              {gallery.map((t) => (
                <SelectItem key={t.id} value={t.id}>
                  {t.name}
                </SelectItem>
              ))}
            </SelectPrimitive.Group>
          </SelectContent>
        </Select>
      </Field>
      {/* Keyed: another template starts from its cached preview or loads it. */}
      {chosen && <TemplatePreview key={chosen.id} template={chosen} />}
    </div>
  );
}

function TemplatePreview({ template }: { template: TemplateOption }) {
  const [preview, setPreview] = useState<Preview | undefined>(() => previews.get(template.id));

  useEffect(() => {
    if (previews.has(template.id)) return;
    let current = true;
    templatePreviewAction(template.id)
      .then((result) => {
        const value: Preview = result.ok
          ? { subject: result.subject, html: result.html }
          : { error: result.message };
        if (result.ok) previews.set(template.id, value);
        if (current) setPreview(value);
      })
      .catch(() => current && setPreview({ error: "The preview could not be loaded." }));
    return () => {
      current = false;
    };
  }, [template.id]);

  return (
    <figure className="overflow-hidden rounded-xl bg-white ring-1 ring-zinc-200">
      <div className="relative border-b border-zinc-100 bg-zinc-100">
        {preview && "html" in preview ? (
          <ScaledFrame
            html={preview.html}
            width={600}
            title={`Preview of ${template.name}`}
            interactive={false}
            className="aspect-[4/3] w-full"
          />
        ) : (
          <div className="grid aspect-[4/3] w-full place-items-center text-[13px] text-zinc-500">
            {preview && "error" in preview ? (
              preview.error
            ) : (
              <LoaderCircle aria-label="Loading preview" className="size-4 animate-spin" />
            )}
          </div>
        )}
        <span className="pointer-events-none absolute inset-x-0 bottom-0 h-10 bg-gradient-to-t from-white/90 to-transparent" />
      </div>
      <figcaption className="grid gap-1 px-3 py-2.5 text-[13px]">
        <span className="truncate text-zinc-800" title={template.subject}>
          <span className="text-zinc-500">Subject: </span>
          {preview && "subject" in preview ? preview.subject : template.subject}
        </span>
        <span className="flex items-center justify-between gap-2 text-xs text-zinc-500">
          <span className="truncate">
            {template.system ? "Gallery" : "Your template"} · {template.category}
          </span>
          <a
            href={`/templates/${template.id}`}
            target="_blank"
            rel="noreferrer"
            className="inline-flex shrink-0 items-center gap-1 font-medium text-indigo-600 hover:text-indigo-500"
          >
            {template.system ? "View" : "Edit"} template
            <ExternalLink aria-hidden className="size-3" />
          </a>
        </span>
      </figcaption>
    </figure>
  );
}
