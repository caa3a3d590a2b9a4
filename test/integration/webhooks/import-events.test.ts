import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { webhookDeliveries } from "@/db/schema";
import * as enqueue from "@/lib/webhooks/enqueue";
import { WEBHOOK_ENVELOPES } from "@/lib/web/openapi/webhook-events";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

// Every caller of the fan-out, counted (the real one runs).
vi.mock("@/lib/webhooks/enqueue", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/webhooks/enqueue")>();
  return { ...original, enqueueWebhookDeliveries: vi.fn(original.enqueueWebhookDeliveries) };
});
const fanOut = vi.mocked(enqueue.enqueueWebhookDeliveries);

/**
 * A CSV import's contact webhooks: queued in batches (one fan-out per upsert batch of 5,000,
 * not one per row), only for real changes, and nothing at all — not even the fan-out — for a
 * project no endpoint of which receives contact events. WORKER=off: the import runs in the
 * request and the deliveries stay queued, which is what is checked.
 */
let app: TestApp;
const ROWS = 12_000;

beforeAll(async () => {
  app = await startTestApp({ worker: "off", config: { webhookAllowPrivate: true } });
});
afterAll(async () => {
  await app?.close();
});

function csv(rows: number, plan: string, unsubscribed = 0) {
  const lines = ["email,name,plan,subscribed"];
  for (let i = 0; i < rows; i++) {
    lines.push(`reader${i}@example.com,Reader ${i},${plan},${i < unsubscribed ? "no" : "yes"}`);
  }
  return lines.join("\n");
}

async function importFile(project: TestProject, body: string) {
  const response = await fetch(`${app.baseUrl}/api/v1/contacts/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${project.live}`, "content-type": "text/csv" },
    body,
  });
  const result = await response.json();
  expect(response.status, JSON.stringify(result)).toBe(200);
  expect(result.status).toBe("completed");
  return result as { created: number; updated: number };
}

async function queued(projectId: string, type: string) {
  const [row] = await app.runtime.db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.projectId, projectId), eq(webhookDeliveries.eventType, type)));
  return row!.n;
}

/** The fan-out calls since `from`, as the number of contact events each carried. */
const contactBatches = (from: number) =>
  fanOut.mock.calls
    .slice(from)
    .map(([, , events]) => events.filter((e) => e.type.startsWith("contact.")).length)
    .filter((n) => n > 0);

describe(`contact webhooks of an import (${TEST_DRIVER})`, () => {
  it("a project nobody listens to (or only to email events) never reaches the fan-out", async () => {
    for (const events of [undefined, ["email.delivered"]]) {
      const project = await app.createProject();
      if (events) {
        const hook = await app.api("/v1/webhooks", {
          method: "POST",
          key: project.live,
          body: { url: "https://hooks.example.com/in", events },
        });
        expect(hook.status, hook.text).toBe(201);
      }
      const before = fanOut.mock.calls.length;
      expect(await importFile(project, csv(ROWS, "free"))).toMatchObject({ created: ROWS });
      expect(await importFile(project, csv(ROWS, "pro", 10))).toMatchObject({ updated: ROWS });
      expect(fanOut.mock.calls.length).toBe(before);
    }
  });

  it("queues contact.created, .updated and .unsubscribed in batches, only for real changes", async () => {
    const project = await app.createProject();
    const hook = await app.api("/v1/webhooks", {
      method: "POST",
      key: project.live,
      body: { url: "https://hooks.example.com/in" },
    });
    expect(hook.status, hook.text).toBe(201);

    let from = fanOut.mock.calls.length;
    expect(await importFile(project, csv(ROWS, "free"))).toMatchObject({ created: ROWS });
    expect(await queued(project.id, "contact.created")).toBe(ROWS);
    const created = contactBatches(from);
    expect(created.reduce((a, b) => a + b, 0)).toBe(ROWS);
    // Batches of at most 5,000 rows, cut by the file's stored chunks as well.
    expect(created.every((n) => n <= 5000)).toBe(true);
    expect(created.length).toBeLessThanOrEqual(6);

    // The same file again: every row matched, none changed.
    from = fanOut.mock.calls.length;
    expect(await importFile(project, csv(ROWS, "free"))).toMatchObject({ updated: ROWS });
    expect(contactBatches(from)).toEqual([]);
    expect(await queued(project.id, "contact.updated")).toBe(0);

    // A new plan for everyone, 25 of them unsubscribing.
    from = fanOut.mock.calls.length;
    expect(await importFile(project, csv(ROWS, "pro", 25))).toMatchObject({ updated: ROWS });
    expect(await queued(project.id, "contact.updated")).toBe(ROWS);
    expect(await queued(project.id, "contact.unsubscribed")).toBe(25);
    expect(contactBatches(from).length).toBeLessThanOrEqual(6);

    const samples = await app.runtime.db
      .select({ type: webhookDeliveries.eventType, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.projectId, project.id))
      .limit(50);
    for (const { type, payload } of samples) {
      const parsed = WEBHOOK_ENVELOPES[type as keyof typeof WEBHOOK_ENVELOPES].safeParse(
        JSON.parse(payload),
      );
      expect(parsed.error?.issues ?? []).toEqual([]);
    }
    const [unsubscribed] = await app.runtime.db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.projectId, project.id),
          eq(webhookDeliveries.eventType, "contact.unsubscribed"),
        ),
      )
      .limit(1);
    expect(JSON.parse(unsubscribed!.payload).data).toMatchObject({
      email: expect.stringMatching(/^reader\d+@example\.com$/),
      topic_id: null,
    });
  }, 120_000);
});
