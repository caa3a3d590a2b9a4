"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { AppError, NotFoundError, type ErrorDetail } from "@/lib/core/errors";
import { BlocksDocument, serializeBlocks } from "@/lib/templates/blocks";
import { createTemplate } from "@/lib/templates/create";
import { deleteTemplate } from "@/lib/templates/delete";
import { findTemplateDependants, type TemplateDependant } from "@/lib/templates/dependants";
import { getTemplate } from "@/lib/templates/get";
import { renderTemplate } from "@/lib/templates/render";
import { updateTemplate } from "@/lib/templates/update";
import { JsonObject } from "@/lib/core/validation";
import { requireDashboard } from "../context";
import { failure, success, toFormState, type FormState } from "../form-state";
import { blocksToHtmlSource } from "../templates-convert";
import { sendTestEmail } from "@/lib/sending/test-send";
import { STARTER_HTML } from "../templates-starter";

/** What the editor's actions answer: a result, or an error with 422-style details to place. */
export type EditorResult<T> =
  ({ ok: true } & T) | { ok: false; message: string; details: ErrorDetail[]; code?: string };

function editorError(error: unknown): EditorResult<never> {
  // Anything that is not a domain error is a bug: let the error boundary show it.
  if (!(error instanceof AppError)) throw error;
  return { ok: false, message: error.message, details: error.details ?? [], code: error.code };
}

function revalidateTemplates(id?: string) {
  revalidatePath("/templates");
  if (id) revalidatePath(`/templates/${id}`);
}

/** "New template" dialog: name, category and format; blocks start empty, HTML from a starter. */
export async function createTemplateAction(
  _previous: FormState<{ id: string }>,
  form: FormData,
): Promise<FormState<{ id: string }>> {
  const { ctx } = await requireDashboard();
  const format = form.get("format") === "html" ? "html" : "blocks";
  try {
    const template = await createTemplate(ctx, {
      name: String(form.get("name") ?? ""),
      category: String(form.get("category") ?? "") || undefined,
      format,
      ...(format === "html" && { source: STARTER_HTML }),
    });
    revalidateTemplates();
    return success("Template created", { id: template.id });
  } catch (error) {
    return toFormState(error, ["name", "category", "format"]);
  }
}

/** "Use this template" (gallery) and "Duplicate": an own copy, then its editor. */
export async function copyTemplateAction(templateId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  if (typeof templateId !== "string") return failure("This template no longer exists.");
  let id: string;
  try {
    const original = await getTemplate(ctx, templateId);
    const copy = await createTemplate(ctx, {
      name: original.isSystem ? original.name : `${original.name} (copy)`.slice(0, 200),
      category: original.category,
      subject: original.subject,
      format: original.format,
      source: original.source,
    });
    id = copy.id;
  } catch (error) {
    if (error instanceof NotFoundError) return failure("This template no longer exists.");
    return toFormState(error, []);
  }
  revalidateTemplates();
  redirect(`/templates/${id}`);
}

export type TemplateDraft = {
  name: string;
  subject: string;
  category: string;
  format: "blocks" | "html";
  source: string;
};

export async function saveTemplateAction(
  templateId: string,
  draft: TemplateDraft,
): Promise<EditorResult<{ updatedAt: string }>> {
  const { ctx } = await requireDashboard();
  if (typeof templateId !== "string") {
    return { ok: false, message: "This template no longer exists.", details: [] };
  }
  try {
    const template = await updateTemplate(ctx, templateId, draft);
    revalidateTemplates(templateId);
    return { ok: true, updatedAt: template.updatedAt.toISOString() };
  } catch (error) {
    return editorError(error);
  }
}

export async function deleteTemplateAction(templateId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  if (typeof templateId !== "string") return failure("This template was already deleted.");
  try {
    await deleteTemplate(ctx, templateId);
  } catch (error) {
    if (error instanceof NotFoundError) return failure("This template was already deleted.");
    return toFormState(error, []);
  }
  revalidateTemplates();
  return success("Template deleted");
}

/** What the delete confirmation lists: the automations and unsent campaigns using the template. */
export async function templateDependantsAction(templateId: string): Promise<TemplateDependant[]> {
  const { ctx } = await requireDashboard();
  if (typeof templateId !== "string") return [];
  return findTemplateDependants(ctx.db, ctx.projectId, templateId);
}

export type PreviewRequest = {
  subject: string;
  variables: Record<string, unknown>;
} & ({ format: "blocks"; document: unknown } | { format: "html"; html: string });

/**
 * The live preview: renders the unsaved draft exactly as a send would (React Email for blocks),
 * plus the editor's block marks (lib/templates/editor-markers.ts).
 */
export async function previewTemplateAction(
  request: PreviewRequest,
): Promise<EditorResult<{ subject: string; html: string }>> {
  await requireDashboard();
  if (!request || typeof request !== "object") {
    return { ok: false, message: "Nothing to preview.", details: [] };
  }
  const variables = JsonObject.safeParse(request.variables).success ? request.variables : {};
  let source: string;
  if (request.format !== "html") {
    // The editor only sends valid blocks; anything else is answered, never thrown.
    const parsed = BlocksDocument.safeParse(request.document);
    if (!parsed.success) {
      return { ok: false, message: "The blocks are not valid yet.", details: [] };
    }
    source = serializeBlocks(parsed.data);
  } else {
    source = String(request.html ?? "");
  }
  try {
    const subject = String(request.subject ?? "");
    const format = request.format === "html" ? "html" : "blocks";
    // Blocks carry their ids, so a click in the preview selects the block in the editor.
    const rendered = await renderTemplate({ subject, source, format }, variables, {
      markBlocks: true,
    });
    return { ok: true, subject: rendered.subject, html: rendered.html };
  } catch (error) {
    return editorError(error);
  }
}

/** One-way switch of a blocks draft to HTML; variables and fallbacks are kept as written. */
export async function convertToHtmlAction(
  document: unknown,
): Promise<EditorResult<{ html: string }>> {
  await requireDashboard();
  const parsed = BlocksDocument.safeParse(document);
  if (!parsed.success) {
    return { ok: false, message: "Fix the highlighted blocks before converting.", details: [] };
  }
  return { ok: true, html: await blocksToHtmlSource(parsed.data) };
}

/**
 * "Send test email": the saved template to one address with the sample variables, through the
 * one test-send service: live from the project's sender, or simulated while it has no verified
 * sender (lib/sending/test-send.ts). Answers the email id, its status and mode.
 */
export async function sendTestEmailAction(
  templateId: string,
  input: { to: string; variables: Record<string, unknown> },
): Promise<EditorResult<{ emailId: string; status: string; mode: "live" | "test"; to: string }>> {
  const { ctx } = await requireDashboard();
  if (typeof templateId !== "string") {
    return { ok: false, message: "This template no longer exists.", details: [] };
  }
  const to = String(input?.to ?? "").trim();
  if (!to) {
    return {
      ok: false,
      message: "Enter an email address.",
      details: [{ path: "to", message: "is required" }],
    };
  }
  try {
    // Own templates only: a test of a template this project cannot read is a 404, as before.
    const template = await getTemplate(ctx, templateId);
    const sent = await sendTestEmail(ctx, {
      to,
      template_id: template.id,
      variables: JsonObject.safeParse(input?.variables).success ? input.variables : {},
    });
    revalidatePath("/emails");
    revalidatePath("/overview");
    return { ok: true, emailId: sent.id, status: sent.status, mode: sent.mode, to: sent.to };
  } catch (error) {
    return editorError(error);
  }
}
