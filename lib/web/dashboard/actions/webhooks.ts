"use server";

import { revalidatePath } from "next/cache";
import { ConflictError, NotFoundError } from "@/lib/core/errors";
import { createWebhook } from "@/lib/webhooks/create";
import { deleteWebhook } from "@/lib/webhooks/delete";
import { getWebhook } from "@/lib/webhooks/get";
import { replayWebhookDelivery } from "@/lib/webhooks/replay";
import { sendWebhookTestEvent } from "@/lib/webhooks/test-event";
import { updateWebhook } from "@/lib/webhooks/update";
import { requireDashboard } from "../context";
import { failure, success, toFormState, type FormState } from "../form-state";

const FIELDS = ["url", "description", "events", "active"] as const;
const GONE = "This webhook endpoint no longer exists.";

/** The endpoint form's fields as service input; unchecked boxes submit nothing, so [] is "none". */
function webhookInput(form: FormData, withActive: boolean) {
  return {
    url: String(form.get("url") ?? ""),
    description: String(form.get("description") ?? ""),
    events: form.getAll("events").map(String),
    ...(withActive && { active: form.get("active") === "on" }),
  };
}

function revalidate(webhookId?: string) {
  revalidatePath("/settings/webhooks");
  if (webhookId) revalidatePath(`/settings/webhooks/${webhookId}`);
}

export async function createWebhookAction(
  _previous: FormState<{ id: string }>,
  form: FormData,
): Promise<FormState<{ id: string }>> {
  const { ctx } = await requireDashboard();
  try {
    const endpoint = await createWebhook(ctx, webhookInput(form, false));
    revalidate();
    return success("Webhook endpoint created", { id: endpoint.id });
  } catch (error) {
    return toFormState(error, FIELDS);
  }
}

export async function updateWebhookAction(
  webhookId: string,
  _previous: FormState<{ id: string }>,
  form: FormData,
): Promise<FormState<{ id: string }>> {
  const { ctx } = await requireDashboard();
  try {
    await updateWebhook(ctx, webhookId, webhookInput(form, true));
    revalidate(webhookId);
    return success("Webhook endpoint saved", { id: webhookId });
  } catch (error) {
    if (error instanceof NotFoundError) return failure(GONE);
    return toFormState(error, FIELDS);
  }
}

/** Enables or disables delivery to the endpoint (re-enabling clears an automatic disable). */
export async function setWebhookActiveAction(
  webhookId: string,
  active: boolean,
): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await updateWebhook(ctx, webhookId, { active });
  } catch (error) {
    if (error instanceof NotFoundError) return failure(GONE);
    return toFormState(error, []);
  }
  revalidate(webhookId);
  return success(active ? "Webhook endpoint enabled" : "Webhook endpoint disabled");
}

/** The signing secret, fetched only when asked for, so pages do not carry it in their HTML. */
export async function revealWebhookSecretAction(
  webhookId: string,
): Promise<FormState<{ secret: string }>> {
  const { ctx } = await requireDashboard();
  try {
    const endpoint = await getWebhook(ctx, webhookId);
    return success(undefined, { secret: endpoint.secret });
  } catch (error) {
    if (error instanceof NotFoundError) return failure(GONE);
    return toFormState(error, []);
  }
}

export async function deleteWebhookAction(webhookId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await deleteWebhook(ctx, webhookId);
  } catch (error) {
    if (error instanceof NotFoundError) {
      revalidate();
      return failure("This webhook endpoint was already deleted.");
    }
    return toFormState(error, []);
  }
  revalidate();
  return success("Webhook endpoint deleted");
}

export async function replayDeliveryAction(
  webhookId: string,
  deliveryId: string,
): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await replayWebhookDelivery(ctx, webhookId, deliveryId);
  } catch (error) {
    if (error instanceof NotFoundError) return failure("This delivery no longer exists.");
    if (error instanceof ConflictError) {
      return failure("The endpoint is disabled. Enable it before replaying deliveries.");
    }
    return toFormState(error, []);
  }
  revalidate(webhookId);
  return success("Replay queued");
}

export async function sendTestEventAction(webhookId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await sendWebhookTestEvent(ctx, webhookId);
  } catch (error) {
    if (error instanceof NotFoundError) return failure(GONE);
    if (error instanceof ConflictError) {
      return failure("The endpoint is disabled. Enable it before sending a test event.");
    }
    return toFormState(error, []);
  }
  revalidate(webhookId);
  return success("Test event queued");
}
