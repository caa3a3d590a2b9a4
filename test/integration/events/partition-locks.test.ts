import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "@/db";
import { newId } from "@/lib/core/ids";
import { dropPartition, ensureMonthPartition } from "@/lib/events/partitions";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

/**
 * The CI run of 2026-11-27 failed an API request with "deadlock detected": the retention pass
 * attached a month's partition (an exclusive lock on the DEFAULT partition, then a lock on
 * `emails` for the foreign key) while a send held `emails` and was inserting its event into
 * DEFAULT. Partition DDL now takes the referenced tables' locks first, so a writer in flight
 * finishes and the DDL waits for it. PostgreSQL only: PGlite has one connection.
 */
let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  app = await startTestApp({ clock: "fake", worker: "off" });
  project = await app.createProject({ domain: "mail.test" });
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const JUNE = new Date("2026-06-01T00:00:00Z");
const JULY_1999 = new Date("1999-07-01T00:00:00Z");

async function sendOne(): Promise<string> {
  const res = await app.api("/v1/send", {
    method: "POST",
    key: project.live,
    body: { from: "hi@mail.test", to: "a@example.com", subject: "Hi", html: "x" },
  });
  expect(res.status, res.text).toBeLessThan(300);
  return res.body.id as string;
}

/**
 * A writer as the send pipeline is: it changes `emails`, then (a moment later, while partition
 * DDL has started) records an event of `month`, which lands in that month's partition or DEFAULT.
 */
async function writerAround<T>(emailId: string, month: Date, ddl: () => Promise<T>) {
  let ddlResult: Promise<T> | undefined;
  await app.runtime.db.transaction(async (tx) => {
    await tx.execute(sql`update emails set updated_at = now() where id = ${emailId}`);
    ddlResult = ddl();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await tx.execute(sql`
      insert into email_events (id, project_id, email_id, type, data, created_at)
      values (${newId("eev")}, ${project.id}, ${emailId}, 'opened', '{}', ${month.toISOString()})`);
  });
  return ddlResult!;
}

describe.runIf(TEST_DRIVER === "postgres")("partition DDL beside writers (postgres)", () => {
  it("attaching a month waits for a writer holding emails instead of deadlocking with it", async () => {
    const emailId = await sendOne();
    const made = await writerAround(emailId, JUNE, () =>
      ensureMonthPartition(app.runtime.db, "email_events", JUNE),
    );
    expect(made).toBe(true);
    const [row] = rowsOf<{ n: number }>(
      await app.runtime.db.execute(
        sql`select count(*)::int as n from email_events_p2026_06 where email_id = ${emailId} and type = 'opened'`,
      ),
    );
    expect(row?.n).toBe(1);
  }, 30_000);

  it("dropping a month waits for a writer holding emails instead of deadlocking with it", async () => {
    const emailId = await sendOne();
    expect(await ensureMonthPartition(app.runtime.db, "email_events", JULY_1999)).toBe(true);
    const dropped = await writerAround(emailId, JUNE, () =>
      dropPartition(app.runtime.db, "email_events", "email_events_p1999_07"),
    );
    expect(dropped).toBe(true);
  }, 30_000);
});
