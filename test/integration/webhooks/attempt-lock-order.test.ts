import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueWebhookDeliveries } from "@/lib/webhooks/enqueue";
import { recordAttempt } from "@/lib/webhooks/record-attempt";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

/**
 * Deleting an endpoint locks its row, then (the cascade) its deliveries'. Recording an attempt
 * took its delivery's row first and then the endpoint's: with a delete between the two, each
 * waited for the other (a deadlock, and a 500 for DELETE /v1/webhooks/:id, in CI). Here a second
 * connection plays the delete's order step by step.
 */
let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  if (TEST_DRIVER !== "postgres") return;
  app = await startTestApp({ config: { webhookAllowPrivate: true } });
  project = await app.createProject();
});
afterAll(async () => {
  await app?.close();
});

describe(`webhook attempts and endpoint deletes (${TEST_DRIVER})`, () => {
  it.skipIf(TEST_DRIVER !== "postgres")(
    "an attempt takes its endpoint's lock before its delivery's, the order a delete takes them",
    async () => {
      const created = await app.api("/v1/webhooks", {
        method: "POST",
        key: project.live,
        body: { url: "http://127.0.0.1:9/hook" },
      });
      expect(created.status, created.text).toBe(201);
      const endpointId = (created.body as { id: string }).id;
      const [deliveryId] = await app.runtime.db.transaction((tx) =>
        enqueueWebhookDeliveries(tx, app.runtime.jobs, [
          {
            projectId: project.id,
            type: "email.delivered",
            createdAt: app.clock.now(),
            data: { id: "em_lock", to: "ada@example.com", subject: "Hi" },
          },
        ]),
      );
      const deleter = postgres(app.runtime.config.databaseUrl!, { max: 1, onnotice: () => {} });
      let attempt: Promise<void> | undefined;
      try {
        await deleter.begin(async (sql) => {
          await sql`select id from webhook_endpoints where id = ${endpointId} for update`;
          attempt = recordAttempt(app.runtime, {
            deliveryId: deliveryId!,
            endpointId,
            replay: false,
            attemptNumber: 1,
            due: app.clock.now(),
            attemptedAt: app.clock.now(),
            result: { statusCode: 200, durationMs: 5, headers: {}, body: "ok", error: null },
          });
          // The attempt is now waiting for a lock (the endpoint's, since the delete holds it).
          for (let i = 0; i < 100; i++) {
            const [waiting] = await sql`select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and datname = current_database()`;
            if (waiting!.n > 0) break;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          // The delete's next step: its deliveries. Free, unless the attempt took it first.
          const taken = await sql`select id from webhook_deliveries
            where id = ${deliveryId!} for update nowait`.catch((error: Error) => error);
          expect(taken).not.toBeInstanceOf(Error);
          await sql`delete from webhook_endpoints where id = ${endpointId}`;
        });
        // The delete committed: the attempt finds no endpoint and records nothing.
        await attempt;
      } finally {
        await attempt?.catch(() => {});
        await deleter.end();
      }
    },
  );
});
