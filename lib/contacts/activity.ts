import type { ServiceContext } from "../context";
import { iso } from "../serialize";
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

export function serializeActivityItem(item: TimelineItem) {
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
export type ContactActivityItem = ReturnType<typeof serializeActivityItem>;
