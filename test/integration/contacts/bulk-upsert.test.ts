import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts } from "@/db/schema";
import { bulkUpsertContacts } from "@/lib/contacts/bulk-upsert";
import { startTestApp, TEST_DRIVER, type TestApp } from "../../support/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const ROWS = 20_000;

describe(`bulk contact upsert (${TEST_DRIVER})`, () => {
  it("re-importing a large list that already exists is one joined update, not a lookup per row", async () => {
    const project = await app.createProject();
    const upsert = (rows: Parameters<typeof bulkUpsertContacts>[2]["rows"]) =>
      app.runtime.db.transaction((tx) =>
        bulkUpsertContacts(tx, app.runtime.jobs, {
          projectId: project.id,
          rows,
          source: "import",
          now: new Date(),
          mode: "live",
        }),
      );
    const emails = Array.from({ length: ROWS }, (_, i) => `bulk${i}@example.com`);
    expect(
      await upsert(emails.map((email, i) => ({ email, name: `Bulk ${i}`, data: { a: 1 } }))),
    ).toEqual({ created: ROWS, updated: 0 });

    // Every row conflicts. Before, each conflicting row scanned the whole batch twice: about
    // 40 s for this batch on PostgreSQL; now well under a second.
    const started = performance.now();
    const again = await upsert(
      emails.map((email, i) => ({ email, subscribed: i % 2 === 0, data: { b: 2 } })),
    );
    expect(again).toEqual({ created: 0, updated: ROWS });
    expect(performance.now() - started).toBeLessThan(10_000);

    const [first] = await app.runtime.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.projectId, project.id), eq(contacts.email, "bulk1@example.com")));
    // No name given: kept. Subscribed given: changed. Data: merged.
    expect(first).toMatchObject({ name: "Bulk 1", subscribed: false, data: { a: 1, b: 2 } });
  }, 60_000);
});
