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
import { requireDashboard } from "../context";
import { failure, success, toFormState, type FormState } from "../form-state";

/** What the builder's actions answer: a result, or an error with 422-style details to place. */
export type BuilderResult<T> =
  ({ ok: true } & T) | { ok: false; message: string; details: ErrorDetail[]; code?: string };

function builderError(error: unknown): BuilderResult<never> {
  // Anything that is not a domain error is a bug: let the error boundary show it.
  if (!(error instanceof AppError)) throw error;
  return { ok: false, message: error.message, details: error.details ?? [], code: error.code };
}

const GONE: BuilderResult<never> = {
  ok: false,
  code: "not_found",
  message: "This automation no longer exists. It may have been deleted in another tab.",
  details: [],
};

function revalidateAutomations(id?: string) {
  revalidatePath("/automations");
  if (id) revalidatePath(`/automations/${id}`);
}

/**
 * "New automation": a name and a trigger; the builder opens on the new (draft) automation. The
 * redirect happens here, with the revalidation: the list re-rendering without its empty state
 * would otherwise unmount the dialog before it could navigate.
 */
export async function createAutomationAction(
  _previous: FormState<{ id: string }>,
  form: FormData,
): Promise<FormState<{ id: string }>> {
  const { ctx } = await requireDashboard();
  const trigger =
    form.get("trigger") === "event"
      ? { event: "event", name: String(form.get("eventName") ?? "") }
      : { event: "contact.subscribed" };
  let id: string;
  try {
    const automation = await createAutomation(ctx, {
      name: String(form.get("name") ?? ""),
      trigger,
    });
    id = automation.id;
  } catch (error) {
    return toFormState(error, ["name", "trigger.name", "trigger"]);
  }
  revalidateAutomations();
  redirect(`/automations/${id}`);
}

export type AutomationChanges = {
  name?: string;
  trigger?: unknown;
  steps?: unknown;
  status?: "draft" | "live";
};

/** An automation the circuit breaker paused goes live again (the banner's Resume). */
export async function resumeAutomationAction(automationId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await resumeAutomation(ctx, automationId);
    revalidateAutomations(automationId);
    return success("Automation is live again");
  } catch (error) {
    if (error instanceof NotFoundError) return failure(GONE.message);
    return toFormState(error, []);
  }
}

/**
 * The builder's save and its draft/live switch: PATCH semantics through the same service as the
 * API. Going live with unsaved edits sends both, so what goes live is what the builder shows.
 */
export async function saveAutomationAction(
  automationId: string,
  changes: AutomationChanges,
): Promise<BuilderResult<{ status: "draft" | "live" | "paused"; updatedAt: string }>> {
  const { ctx } = await requireDashboard();
  if (typeof automationId !== "string") return GONE;
  if (!changes || typeof changes !== "object") {
    return { ok: false, message: "Nothing to save.", details: [] };
  }
  try {
    const automation = await updateAutomation(ctx, automationId, changes);
    revalidateAutomations(automationId);
    return {
      ok: true,
      status: automation.status,
      updatedAt: automation.updatedAt.toISOString(),
    };
  } catch (error) {
    if (error instanceof NotFoundError) return GONE;
    return builderError(error);
  }
}

export async function deleteAutomationAction(automationId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  if (typeof automationId !== "string") return failure("This automation was already deleted.");
  try {
    await deleteAutomation(ctx, automationId);
  } catch (error) {
    if (error instanceof NotFoundError) return failure("This automation was already deleted.");
    return toFormState(error, []);
  }
  revalidateAutomations();
  return success("Automation deleted");
}

/**
 * The builder's live run counters, polled while the page is visible. Only the counters: a router
 * refresh would re-render the builder and lose its unsaved draft. Null once the automation is gone.
 */
export async function automationStatsAction(automationId: string): Promise<AutomationStats | null> {
  const { ctx } = await requireDashboard();
  if (typeof automationId !== "string") return null;
  try {
    return (await getAutomationWithStats(ctx, automationId)).stats;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** The template picker's preview: the template rendered with no variables (fallbacks show). */
export async function templatePreviewAction(
  templateId: string,
): Promise<BuilderResult<{ subject: string; html: string }>> {
  const { ctx, project } = await requireDashboard();
  if (typeof templateId !== "string" || templateId === "") {
    return { ok: false, message: "Choose a template.", details: [] };
  }
  try {
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
  } catch (error) {
    if (error instanceof NotFoundError) {
      return {
        ok: false,
        code: "not_found",
        message: "This template no longer exists.",
        details: [],
      };
    }
    return builderError(error);
  }
}
