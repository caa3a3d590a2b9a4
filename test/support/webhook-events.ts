import { expect } from "vitest";
import type { WebhookEventType } from "@/lib/webhooks/event-types";
import { deliverWebhookJob } from "@/lib/webhooks/jobs";
import { signWebhookPayload } from "@/lib/webhooks/signature";
import { WEBHOOK_ENVELOPES } from "@/lib/web/openapi/webhook-events";
import type { TestApp, TestProject } from "./app";
import { drainJobs } from "./jobs";
import { waitFor } from "./smtp-server";
import type { WebhookReceiver } from "./webhook-receiver";

export type ReceivedEvent = {
  type: string;
  created_at: string;
  data: Record<string, unknown>;
  delivery: string;
};

/**
 * An endpoint of `project` on its own path of a real receiver, subscribed to `events` (every
 * type when omitted). `received()` lists what reached it, each request's signature checked and
 * its body parsed with the documented schema of its type (lib/web/openapi/webhook-events.ts).
 */
export async function listen(
  app: TestApp,
  project: TestProject,
  receiver: WebhookReceiver,
  events?: WebhookEventType[],
) {
  const path = `/hooks/${Math.random().toString(36).slice(2)}`;
  const created = await app.api("/v1/webhooks", {
    method: "POST",
    key: project.live,
    body: { url: `${receiver.url}${path}`, ...(events && { events }) },
  });
  expect(created.status, created.text).toBe(201);
  const { id, secret } = created.body as { id: string; secret: string };

  const received = (type?: WebhookEventType): ReceivedEvent[] =>
    receiver.received
      .filter((request) => request.path === path)
      .map((request) => {
        const raw = request.raw.toString("utf8");
        expect(request.headers["x-service-signature"]).toBe(signWebhookPayload(secret, raw));
        const body = JSON.parse(raw) as ReceivedEvent;
        expect(request.headers["x-service-event"]).toBe(body.type);
        const schema = WEBHOOK_ENVELOPES[body.type as WebhookEventType];
        expect(schema, `documented type ${body.type}`).toBeDefined();
        const parsed = schema.safeParse(body);
        expect(parsed.error?.issues ?? [], `${body.type} as documented`).toEqual([]);
        return { ...body, delivery: String(request.headers["x-service-delivery"]) };
      })
      .filter((event) => !type || event.type === type);

  return {
    id,
    received,
    /** Waits until `count` events of `type` (matching `where`) arrived; returns them. */
    async waitFor(
      type: WebhookEventType,
      where: (data: Record<string, unknown>) => boolean = () => true,
      count = 1,
    ): Promise<ReceivedEvent[]> {
      return waitFor(
        () => {
          const found = received(type).filter((event) => where(event.data));
          return found.length >= count ? found : null;
        },
        20_000,
        `${count} × ${type} at ${path}`,
      );
    },
  };
}
export type Listener = Awaited<ReturnType<typeof listen>>;

/** Every queued webhook delivery attempted: what has not arrived by then never will. */
export const drainWebhooks = (app: TestApp) => drainJobs(app, { kinds: [deliverWebhookJob] });
