import type { Template } from "@/db/schema";
import { iso } from "../serialize";

/** The Template resource (SPEC "Template"): exactly these fields. */
export function serializeTemplate(template: Template) {
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
export type TemplateResource = ReturnType<typeof serializeTemplate>;
