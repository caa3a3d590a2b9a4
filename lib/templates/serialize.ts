import { z } from "zod";
import type { Template } from "@/db/schema";
import { iso, Timestamp } from "@/lib/core/serialize";

/** The Template resource (SPEC "Template"): exactly these fields. */
export const TemplateResponse = z.strictObject({
  id: z.string().meta({ example: "tpl_5nWq7ZcK2mVx9RtB" }),
  name: z.string(),
  category: z.string().meta({ example: "Onboarding" }),
  subject: z.string(),
  source: z.string(),
  format: z.enum(["html", "blocks"]),
  is_system: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type TemplateResource = z.infer<typeof TemplateResponse>;

/** POST /v1/templates/:id/preview: the rendered email. */
export const TemplatePreviewResponse = z.strictObject({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});

export function serializeTemplate(template: Template): TemplateResource {
  return {
    id: template.id,
    name: template.name,
    category: template.category,
    subject: template.subject,
    source: template.source,
    format: template.format,
    is_system: template.isSystem,
    created_at: iso(template.createdAt),
    updated_at: iso(template.updatedAt),
  };
}
