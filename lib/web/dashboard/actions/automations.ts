"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { createAutomation } from "@/lib/automations/create";
import { deleteAutomation } from "@/lib/automations/delete";
import { getAutomationWithStats } from "@/lib/automations/get";
import type { AutomationStats } from "@/lib/automations/stats";
import { resumeAutomation } from "@/lib/automations/resume";
import { updateAutomation } from "@/lib/automations/update";
import { AppError, NotFoundError, type ErrorDetail } from "@/lib/core/errors";
import { getTemplate } from "@/lib/templates/get";
import { listTemplateVariables } from "@/lib/templates/inspect";
import { previewSampleContext } from "@/lib/templates/gallery";
import { sampleVariables } from "@/lib/templates/sample-values";
import { renderTemplate } from "@/lib/templates/render";
import { z } from "zod";
import { dashboardAction } from "../action";
import { clientObject, formFields, Id, PreviousState, text } from "../action-input";
import { success, type FormState } from "../form-state";

/** What the builder's actions answer: a result, or an error with 422-style details to place. */
export type BuilderResult<T> =
  ({ ok: true } & T) | { ok: false; message: string; details: ErrorDetail[]; code?: string };

const GONE: BuilderResult<never> = {
  ok: false,
  code: "not_found",
  message: "This automation no longer exists. It may have been deleted in another tab.",
  details: [],
};

/** The builder's answer to a domain error; anything else is a bug for the error boundary. */
function builderError(error: unknown, gone: BuilderResult<never>): BuilderResult<never> {
  if (error instanceof NotFoundError) return gone;
  if (!(error instanceof AppError)) throw error;
  return { ok: false, message: error.message, details: error.details ?? [], code: error.code };
}

/** For the builder's polls: null once the automation is gone; anything else is unexpected. */
function nullWhenGone(error: unknown): null {
  if (error instanceof NotFoundError) return null;
  throw error;
}

function revalidateAutomations(id?: string) {
  revalidatePath("/automations");
  if (id) revalidatePath(`/automations/${id}`);
}

const AutomationId = z.string({ error: GONE.message });

const NewAutomationForm = formFields({ name: text, trigger: text, eventName: text });

/**
 * "New automation": a name and a trigger; the builder opens on the new (draft) automation. The
 * redirect happens here, with the revalidation: the list re-rendering without its empty state
 * would otherwise unmount the dialog before it could navigate.
 */
export const createAutomationAction = dashboardAction(
  { args: [PreviousState, NewAutomationForm], fields: ["name", "trigger.name", "trigger"] },
  async ({ ctx }, _previous, form): Promise<FormState<{ id: string }>> => {
    const trigger =
      form.trigger === "event"
        ? { event: "event", name: form.eventName }
        : { event: "contact.subscribed" };
    const automation = await createAutomation(ctx, { name: form.name, trigger });
    revalidateAutomations();
    redirect(`/automations/${automation.id}`);
  },
);

export type AutomationChanges = {
  name?: string;
  trigger?: unknown;
  steps?: unknown;
  status?: "draft" | "live";
};

/** An automation the circuit breaker paused goes live again (the banner's Resume). */
export const resumeAutomationAction = dashboardAction(
  { args: [Id], notFound: GONE.message },
  async ({ ctx }, automationId) => {
    await resumeAutomation(ctx, automationId);
    revalidateAutomations(automationId);
    return success("Automation is live again");
  },
);

type SavedAutomation = BuilderResult<{ status: "draft" | "live" | "paused"; updatedAt: string }>;

/**
 * The builder's save and its draft/live switch: PATCH semantics through the same service as the
 * API. Going live with unsaved edits sends both, so what goes live is what the builder shows.
 */
export const saveAutomationAction = dashboardAction(
  {
    args: [AutomationId, clientObject<AutomationChanges>("Nothing to save.")],
    errors: (error): SavedAutomation => builderError(error, GONE),
  },
  async ({ ctx }, automationId, changes): Promise<SavedAutomation> => {
    const automation = await updateAutomation(ctx, automationId, changes);
    revalidateAutomations(automationId);
    return {
      ok: true,
      status: automation.status,
      updatedAt: automation.updatedAt.toISOString(),
    };
  },
);

const ALREADY_DELETED = "This automation was already deleted.";

export const deleteAutomationAction = dashboardAction(
  { args: [z.string({ error: ALREADY_DELETED })], notFound: ALREADY_DELETED },
  async ({ ctx }, automationId) => {
    await deleteAutomation(ctx, automationId);
    revalidateAutomations();
    return success("Automation deleted");
  },
);

/**
 * The builder's live run counters, polled while the page is visible. Only the counters: a router
 * refresh would re-render the builder and lose its unsaved draft. Null once the automation is gone.
 */
export const automationStatsAction = dashboardAction(
  { args: [AutomationId], errors: nullWhenGone },
  async ({ ctx }, automationId): Promise<AutomationStats | null> =>
    (await getAutomationWithStats(ctx, automationId)).stats,
);

const NO_TEMPLATE: BuilderResult<never> = {
  ok: false,
  code: "not_found",
  message: "This template no longer exists.",
  details: [],
};

type TemplatePreview = BuilderResult<{ subject: string; html: string }>;

/** The template picker's preview: the template rendered with no variables (fallbacks show). */
export const templatePreviewAction = dashboardAction(
  {
    args: [z.string({ error: "Choose a template." }).min(1, { error: "Choose a template." })],
    errors: (error): TemplatePreview => builderError(error, NO_TEMPLATE),
  },
  async ({ ctx, project }, templateId): Promise<TemplatePreview> => {
    const template = await getTemplate(ctx, templateId);
    // Sample data in every placeholder, as on the template's own page.
    const samples = sampleVariables(
      listTemplateVariables(template),
      previewSampleContext(template.id, {
        projectName: project.name,
        publicUrl: ctx.config.appUrl,
      }),
    );
    const rendered = await renderTemplate(template, samples);
    return { ok: true, subject: rendered.subject, html: rendered.html };
  },
);
