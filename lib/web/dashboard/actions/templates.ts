"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { AppError, type ErrorDetail } from "@/lib/core/errors";
import { BlocksDocument, serializeBlocks } from "@/lib/templates/blocks";
import { createTemplate } from "@/lib/templates/create";
import { deleteTemplate } from "@/lib/templates/delete";
import { findTemplateDependants, type TemplateDependant } from "@/lib/templates/dependants";
import { getTemplate } from "@/lib/templates/get";
import { renderTemplate } from "@/lib/templates/render";
import { updateTemplate } from "@/lib/templates/update";
import { JsonObject } from "@/lib/core/validation";
import { sendTestEmail } from "@/lib/sending/test-send";
import { dashboardAction, rethrow } from "../action";
import { clientObject, formFields, PreviousState, text } from "../action-input";
import { success, type FormState } from "../form-state";
import { blocksToHtmlSource } from "../templates-convert";
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

const GONE = "This template no longer exists.";
const ALREADY_DELETED = "This template was already deleted.";
const TemplateId = z.string({ error: GONE });

const NewTemplateForm = formFields({ name: text, category: text, format: text });

/** "New template" dialog: name, category and format; blocks start empty, HTML from a starter. */
export const createTemplateAction = dashboardAction(
  { args: [PreviousState, NewTemplateForm], fields: ["name", "category", "format"] },
  async ({ ctx }, _previous, form): Promise<FormState<{ id: string }>> => {
    const format = form.format === "html" ? "html" : "blocks";
    const template = await createTemplate(ctx, {
      name: form.name,
      category: form.category || undefined,
      format,
      ...(format === "html" && { source: STARTER_HTML }),
    });
    revalidateTemplates();
    return success("Template created", { id: template.id });
  },
);

/** "Use this template" (gallery) and "Duplicate": an own copy, then its editor. */
export const copyTemplateAction = dashboardAction(
  { args: [TemplateId], notFound: GONE },
  async ({ ctx }, templateId): Promise<FormState> => {
    const original = await getTemplate(ctx, templateId);
    const copy = await createTemplate(ctx, {
      name: original.isSystem ? original.name : `${original.name} (copy)`.slice(0, 200),
      category: original.category,
      subject: original.subject,
      format: original.format,
      source: original.source,
    });
    revalidateTemplates();
    redirect(`/templates/${copy.id}`);
  },
);

export type TemplateDraft = {
  name: string;
  subject: string;
  category: string;
  format: "blocks" | "html";
  source: string;
};

type SavedTemplate = EditorResult<{ updatedAt: string }>;

export const saveTemplateAction = dashboardAction(
  {
    // The service parses the draft: its 422 details land on the editor's fields.
    args: [TemplateId, z.custom<TemplateDraft>()],
    errors: (error): SavedTemplate => editorError(error),
  },
  async ({ ctx }, templateId, draft): Promise<SavedTemplate> => {
    const template = await updateTemplate(ctx, templateId, draft);
    revalidateTemplates(templateId);
    return { ok: true, updatedAt: template.updatedAt.toISOString() };
  },
);

export const deleteTemplateAction = dashboardAction(
  { args: [z.string({ error: ALREADY_DELETED })], notFound: ALREADY_DELETED },
  async ({ ctx }, templateId) => {
    await deleteTemplate(ctx, templateId);
    revalidateTemplates();
    return success("Template deleted");
  },
);

/** What the delete confirmation lists: the automations and unsent campaigns using the template. */
export const templateDependantsAction = dashboardAction(
  { args: [TemplateId], errors: rethrow },
  async ({ ctx }, templateId): Promise<TemplateDependant[]> =>
    findTemplateDependants(ctx.db, ctx.projectId, templateId),
);

export type PreviewRequest = {
  subject: string;
  variables: Record<string, unknown>;
} & ({ format: "blocks"; document: unknown } | { format: "html"; html: string });

type RenderedPreview = EditorResult<{ subject: string; html: string }>;

/**
 * The live preview: renders the unsaved draft exactly as a send would (React Email for blocks),
 * plus the editor's block marks (lib/templates/editor-markers.ts).
 */
export const previewTemplateAction = dashboardAction(
  {
    args: [clientObject<PreviewRequest>("Nothing to preview.")],
    errors: (error): RenderedPreview => editorError(error),
  },
  async (_dashboard, request): Promise<RenderedPreview> => {
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
    const subject = String(request.subject ?? "");
    const format = request.format === "html" ? "html" : "blocks";
    // Blocks carry their ids, so a click in the preview selects the block in the editor.
    const rendered = await renderTemplate({ subject, source, format }, variables, {
      markBlocks: true,
    });
    return { ok: true, subject: rendered.subject, html: rendered.html };
  },
);

/** One-way switch of a blocks draft to HTML; variables and fallbacks are kept as written. */
export const convertToHtmlAction = dashboardAction(
  // The editor's document, checked here: an invalid one is answered, never thrown.
  { args: [z.unknown()], errors: rethrow },
  async (_dashboard, document): Promise<EditorResult<{ html: string }>> => {
    const parsed = BlocksDocument.safeParse(document);
    if (!parsed.success) {
      return { ok: false, message: "Fix the highlighted blocks before converting.", details: [] };
    }
    return { ok: true, html: await blocksToHtmlSource(parsed.data) };
  },
);

const TestEmailRequest = z.object({ to: z.string().optional(), variables: z.unknown() }).optional();

type SentTest = EditorResult<{
  emailId: string;
  status: string;
  mode: "live" | "test";
  to: string;
}>;

/**
 * "Send test email": the saved template to one address with the sample variables, through the
 * one test-send service: live from the project's sender, or simulated while it has no verified
 * sender (lib/sending/test-send.ts). Answers the email id, its status and mode.
 */
export const sendTestEmailAction = dashboardAction(
  { args: [TemplateId, TestEmailRequest], errors: (error): SentTest => editorError(error) },
  async ({ ctx }, templateId, input): Promise<SentTest> => {
    const to = (input?.to ?? "").trim();
    if (!to) {
      return {
        ok: false,
        message: "Enter an email address.",
        details: [{ path: "to", message: "is required" }],
      };
    }
    // Own templates only: a test of a template this project cannot read is a 404, as before.
    const template = await getTemplate(ctx, templateId);
    const sent = await sendTestEmail(ctx, {
      to,
      template_id: template.id,
      variables: JsonObject.safeParse(input?.variables).success ? input?.variables : {},
    });
    revalidatePath("/emails");
    revalidatePath("/overview");
    return { ok: true, emailId: sent.id, status: sent.status, mode: sent.mode, to: sent.to };
  },
);
