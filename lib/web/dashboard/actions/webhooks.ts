"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ConflictError, NotFoundError } from "@/lib/core/errors";
import { createWebhook } from "@/lib/webhooks/create";
import { deleteWebhook } from "@/lib/webhooks/delete";
import { getWebhook } from "@/lib/webhooks/get";
import { replayWebhookDelivery } from "@/lib/webhooks/replay";
import { sendWebhookTestEvent } from "@/lib/webhooks/test-event";
import { updateWebhook } from "@/lib/webhooks/update";
import { dashboardAction } from "../action";
import { checkbox, checkedValues, formFields, Id, PreviousState, text } from "../action-input";
import { failure, success, type FormState } from "../form-state";

const FIELDS = ["url", "description", "events", "active"] as const;
const GONE = "This webhook endpoint no longer exists.";

/**
 * The endpoint form; unchecked boxes submit nothing, so an empty `events` is "none". "All
 * events" (`all_events`) is the endpoint's all_events: every type, future ones included.
 */
const WebhookForm = formFields({
  url: text,
  description: text,
  events: checkedValues,
  all_events: checkbox,
  active: checkbox,
});

/** A disabled endpoint refuses replays and test events (409): the answer says what to do. */
function disabledEndpoint(what: string) {
  return (error: unknown) =>
    error instanceof ConflictError
      ? failure(`The endpoint is disabled. Enable it before ${what}.`)
      : undefined;
}

function revalidate(webhookId?: string) {
  revalidatePath("/settings/webhooks");
  if (webhookId) revalidatePath(`/settings/webhooks/${webhookId}`);
}

export const createWebhookAction = dashboardAction(
  { permission: "webhooks.manage", args: [PreviousState, WebhookForm], fields: FIELDS },
  async (
    { ctx },
    _previous,
    { url, description, events, all_events },
  ): Promise<FormState<{ id: string }>> => {
    // No `active`: a new endpoint starts enabled. No `events`: every type (all_events).
    const endpoint = await createWebhook(ctx, {
      url,
      description,
      ...(!all_events && { events }),
    });
    revalidate();
    return success("Webhook endpoint created", { id: endpoint.id });
  },
);

export const updateWebhookAction = dashboardAction(
  {
    permission: "webhooks.manage",
    args: [Id, PreviousState, WebhookForm],
    fields: FIELDS,
    notFound: GONE,
  },
  async ({ ctx }, webhookId, _previous, form): Promise<FormState<{ id: string }>> => {
    const { all_events, events, ...fields } = form;
    // `events: null` returns to every type (all_events).
    await updateWebhook(ctx, webhookId, { ...fields, events: all_events ? null : events });
    revalidate(webhookId);
    return success("Webhook endpoint saved", { id: webhookId });
  },
);

/** Enables or disables delivery to the endpoint (re-enabling clears an automatic disable). */
export const setWebhookActiveAction = dashboardAction(
  { permission: "webhooks.manage", args: [Id, z.boolean()], notFound: GONE },
  async ({ ctx }, webhookId, active) => {
    await updateWebhook(ctx, webhookId, { active });
    revalidate(webhookId);
    return success(active ? "Webhook endpoint enabled" : "Webhook endpoint disabled");
  },
);

/** The signing secret, fetched only when asked for, so pages do not carry it in their HTML. */
export const revealWebhookSecretAction = dashboardAction(
  { permission: "webhooks.manage", args: [Id], notFound: GONE },
  async ({ ctx }, webhookId): Promise<FormState<{ secret: string }>> => {
    const endpoint = await getWebhook(ctx, webhookId);
    return success(undefined, { secret: endpoint.secret });
  },
);

export const deleteWebhookAction = dashboardAction(
  {
    permission: "webhooks.manage",
    args: [Id],
    onError: (error) => {
      if (!(error instanceof NotFoundError)) return undefined;
      revalidate();
      return failure("This webhook endpoint was already deleted.");
    },
  },
  async ({ ctx }, webhookId) => {
    await deleteWebhook(ctx, webhookId);
    revalidate();
    return success("Webhook endpoint deleted");
  },
);

export const replayDeliveryAction = dashboardAction(
  {
    permission: "webhooks.manage",
    args: [Id, Id],
    notFound: "This delivery no longer exists.",
    onError: disabledEndpoint("replaying deliveries"),
  },
  async ({ ctx }, webhookId, deliveryId) => {
    await replayWebhookDelivery(ctx, webhookId, deliveryId);
    revalidate(webhookId);
    return success("Replay queued");
  },
);

export const sendTestEventAction = dashboardAction(
  {
    permission: "webhooks.manage",
    args: [Id],
    notFound: GONE,
    onError: disabledEndpoint("sending a test event"),
  },
  async ({ ctx }, webhookId) => {
    await sendWebhookTestEvent(ctx, webhookId);
    revalidate(webhookId);
    return success("Test event queued");
  },
);
