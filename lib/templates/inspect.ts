import { parseBlocksSource } from "./blocks";
import type { RenderableTemplate } from "./render";
import { listVariables, type TemplateVariable } from "./variables";

function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}

/**
 * The variables a template uses (subject first, then the body), for the dashboard. A blocks
 * source that does not parse is scanned as raw text, so a half-edited template still shows them.
 */
export function listTemplateVariables(template: RenderableTemplate): TemplateVariable[] {
  if (template.format === "html") return listVariables(template.subject, template.source);
  try {
    const document = parseBlocksSource(template.source);
    return listVariables(template.subject, ...stringsIn(document.blocks));
  } catch {
    return listVariables(template.subject, template.source);
  }
}
