import { z } from "zod";
import { EMAIL_STATUSES, EMAIL_TYPES, RUN_STATUSES } from "@/db/schema";
import { StepRunResponse } from "../automations/serialize";
import type { ServiceContext } from "@/lib/core/context";
import { iso, JsonObjectResponse, Timestamp } from "@/lib/core/serialize";
import { listContactStory, type TimelineItem } from "./timeline";

/**
 * GET /v1/contacts/:id/activity: the dashboard's contact timeline (timeline.ts: emails with their
 * opens, clicks, bounces and complaints, automation runs and their steps, events, subscription
 * changes, the contact's creation), newest first, paged with its cursor, in the API's shape.
 */
export async function listContactActivity(ctx: ServiceContext, contactId: string, query: unknown) {
  const page = await listContactStory(ctx, contactId, query);
  return { ...page, data: page.data.map(serializeActivityItem) };
}

const base = { id: z.string(), created_at: Timestamp };

/** One entry of a contact's activity, by `type`. */
export const ContactActivityItemResponse = z.discriminatedUnion("type", [
  z.strictObject({
    ...base,
    type: z.literal("email"),
    email: z.strictObject({
      id: z.string(),
      subject: z.string(),
      type: z.enum(EMAIL_TYPES),
      status: z.enum(EMAIL_STATUSES),
      test: z.boolean(),
      opens: z.number().int(),
      clicks: z.number().int(),
      campaign_id: z.string().nullable(),
      automation_id: z.string().nullable(),
      automation_run_id: z.string().nullable(),
      activity: z.array(
        z.strictObject({ type: z.string(), created_at: Timestamp, data: JsonObjectResponse }),
      ),
    }),
  }),
  z.strictObject({
    ...base,
    type: z.literal("automation_run"),
    run: z.strictObject({
      id: z.string(),
      automation_id: z.string(),
      automation_name: z.string(),
      status: z.enum(RUN_STATUSES),
      steps: z.array(StepRunResponse),
    }),
  }),
  z.strictObject({
    ...base,
    type: z.literal("event"),
    event: z.strictObject({ name: z.string(), data: JsonObjectResponse }),
  }),
  z.strictObject({
    ...base,
    type: z.literal("subscription"),
    subscription: z.strictObject({
      subscribed: z.boolean(),
      via: z.string(),
      email_id: z.string().nullable(),
    }),
  }),
  z.strictObject({ ...base, type: z.literal("contact_created"), source: z.string() }),
]);

export function serializeActivityItem(
  item: TimelineItem,
): z.infer<typeof ContactActivityItemResponse> {
  const base = { id: item.id, created_at: iso(item.at) };
  switch (item.kind) {
    case "email": {
      const { email } = item;
      return {
        ...base,
        type: "email" as const,
        email: {
          id: item.id,
          subject: email.subject,
          type: email.type,
          status: email.status,
          test: email.mode === "test",
          opens: email.opens,
          clicks: email.clicks,
          campaign_id: email.campaign?.id ?? null,
          automation_id: email.automation?.id ?? null,
          automation_run_id: email.automation?.runId ?? null,
          activity: email.activity.map((a) => ({
            type: a.type,
            created_at: iso(a.at),
            data: a.data,
          })),
        },
      };
    }
    case "run":
      return {
        ...base,
        type: "automation_run" as const,
        run: {
          id: item.id,
          automation_id: item.run.automationId,
          automation_name: item.run.automationName,
          status: item.run.status,
          steps: item.run.steps,
        },
      };
    case "event":
      return { ...base, type: "event" as const, event: item.event };
    case "subscription":
      return {
        ...base,
        type: "subscription" as const,
        subscription: {
          subscribed: item.change.subscribed,
          via: item.change.via,
          email_id: item.change.email?.id ?? null,
        },
      };
    case "created":
      return { ...base, type: "contact_created" as const, source: item.source };
  }
}
export type ContactActivityItem = z.infer<typeof ContactActivityItemResponse>;
