import { sql } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import type { Executor } from "@/db";
import { compiledStatement } from "@/db/compiled";
import { insertRows } from "@/db/bulk-insert";
import { newId } from "@/lib/core/ids";
import type { JobQueue } from "@/lib/core/jobs/queue";
import { PRIORITY } from "@/lib/core/jobs/priority";
import { deliverWebhookJob } from "./jobs";
import { iso } from "@/lib/core/serialize";
import type { WebhookEventType } from "./event-types";

export type WebhookEvent = {
  projectId: string;
  /** `webhook.test` only for the sample event sent by hand (test-event.ts). */
  type: WebhookEventType | "webhook.test";
  createdAt: Date;
  data: Record<string, unknown>;
};

type Subscriber = { id: string; allEvents: boolean; events: string[] };

/** Does the endpoint receive this type? Created without `events`, it receives every type. */
const receives = (endpoint: Subscriber, type: string) =>
  endpoint.allEvents || endpoint.events.includes(type);

/**
 * The active endpoints of a project: few per project, so matching types is done here. Every
 * API write asks this, so its query is built once (db/compiled.ts).
 */
const activeEndpointsStatement = compiledStatement<{ projectId: string }>(
  () => sql`select ${webhookEndpoints.id} as "id", ${webhookEndpoints.allEvents} as "allEvents",
                   ${webhookEndpoints.events} as "events"
            from ${webhookEndpoints}
            where ${webhookEndpoints.projectId} = ${sql.placeholder("projectId")}
              and ${webhookEndpoints.active}`,
);

function activeEndpoints(tx: Executor, projectId: string): Promise<Subscriber[]> {
  return activeEndpointsStatement<Subscriber>(tx, { projectId });
}

/**
 * Which of `types` some active endpoint of the project receives. Writers that must do extra
 * work to describe their events (a bulk import returning every row it changed) ask first, so
 * a project nobody listens to pays one small query.
 */
export async function subscribedTypes<T extends WebhookEventType>(
  tx: Executor,
  projectId: string,
  types: readonly T[],
): Promise<Set<T>> {
  const endpoints = await activeEndpoints(tx, projectId);
  return new Set(types.filter((type) => endpoints.some((e) => receives(e, type))));
}

/**
 * Fans events out to every active endpoint of their project that receives their type: one
 * delivery row (holding the exact bytes to sign and send) and one job each, in the caller's
 * transaction (the outbox). One endpoint query per project, whatever the number of events.
 */
export async function enqueueWebhookDeliveries(
  tx: Executor,
  jobs: JobQueue,
  events: WebhookEvent[],
): Promise<string[]> {
  const byProject = new Map<string, WebhookEvent[]>();
  for (const event of events) {
    const group = byProject.get(event.projectId) ?? [];
    group.push(event);
    byProject.set(event.projectId, group);
  }
  const ids: string[] = [];
  for (const [projectId, projectEvents] of byProject) {
    const endpoints = await activeEndpoints(tx, projectId);
    if (endpoints.length === 0) continue;
    const pairs = projectEvents.flatMap((event) =>
      endpoints.filter((e) => receives(e, event.type)).map((endpoint) => ({ event, endpoint })),
    );
    ids.push(...(await insertDeliveryRows(tx, jobs, pairs)));
  }
  return ids;
}

/** One delivery row and one job per event and endpoint (the endpoints chosen by the caller). */
export async function insertDeliveries(
  tx: Executor,
  jobs: JobQueue,
  events: WebhookEvent[],
  endpoints: { id: string }[],
): Promise<string[]> {
  const pairs = events.flatMap((event) => endpoints.map((endpoint) => ({ event, endpoint })));
  return insertDeliveryRows(tx, jobs, pairs);
}

async function insertDeliveryRows(
  tx: Executor,
  jobs: JobQueue,
  pairs: { event: WebhookEvent; endpoint: { id: string } }[],
): Promise<string[]> {
  if (pairs.length === 0) return [];
  const payloads = new Map<WebhookEvent, string>();
  const rows = pairs.map(({ event, endpoint }) => {
    let payload = payloads.get(event);
    if (payload === undefined) {
      payload = JSON.stringify({
        type: event.type,
        created_at: iso(event.createdAt),
        data: event.data,
      });
      payloads.set(event, payload);
    }
    return {
      id: newId("whd", event.createdAt.getTime()),
      projectId: event.projectId,
      endpointId: endpoint.id,
      eventType: event.type,
      payload,
      status: "pending" as const,
      nextAttemptAt: event.createdAt,
      createdAt: event.createdAt,
      updatedAt: event.createdAt,
    };
  });
  // One parameter whatever the count: an import's batch makes thousands of rows.
  await insertRows(tx, webhookDeliveries, rows);
  await jobs.enqueueMany(
    tx,
    deliverWebhookJob,
    rows.map((row) => ({ deliveryId: row.id })),
    { priority: PRIORITY.webhook },
  );
  return rows.map((r) => r.id);
}
