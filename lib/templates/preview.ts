import type { ServiceContext } from "@/lib/core/context";
import { parseInput } from "@/lib/core/validation";
import { findReadableTemplateOrThrow } from "./internal";
import { renderTemplate, type RenderedEmail } from "./render";
import { PreviewTemplateInput } from "./schemas";

/** Renders an own or system template with sample variables: `{ subject, html, text }`. */
export async function previewTemplate(
  ctx: ServiceContext,
  templateId: string,
  input: unknown,
): Promise<RenderedEmail> {
  const { variables, preview_text } = parseInput(PreviewTemplateInput, input);
  const template = await findReadableTemplateOrThrow(ctx.db, ctx.projectId, templateId);
  return renderTemplate(template, variables ?? {}, { previewText: preview_text });
}
