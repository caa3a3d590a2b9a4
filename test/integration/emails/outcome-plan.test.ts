import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SQL } from "drizzle-orm";
import type { DatabaseHandle } from "@/db";
import { emails, type Email } from "@/db/schema";
import { emailsUpdateStatement } from "@/lib/emails/events";
import { awaitingOutcome } from "@/lib/sending/claims";
import { lockAwaitingOutcome } from "@/lib/sending/outcomes";
import { TEST_DRIVER } from "../../support/app";
import { migratedTestDatabase } from "../../support/database";
import { planReads } from "../../support/plans";

/** Enough emails that reading them all is the costlier plan, as in a real project's table. */
const EMAILS = 20_000;

/**
 * Recording a batch of outcomes updates its emails through the id index, not by reading the
 * whole table: joined to the batch's rows (a jsonb_to_recordset the planner guesses at 100 rows),
 * it was a hash join over a sequential scan of every email, on each batch: 55 % of PostgreSQL's
 * time in bench:campaign at 20,000 emails, and growing with the table.
 */
describe(`outcome writes find their emails by index (${TEST_DRIVER})`, () => {
  let handle: DatabaseHandle;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ handle, close } = await migratedTestDatabase(TEST_DRIVER));
    await handle.query(
      `insert into projects (id, name, created_at, updated_at) values ('prj_plan', 'P', now(), now())`,
    );
    await handle.query(
      `insert into emails (id, project_id, type, from_address, "to", subject, html, tracking_token,
                           status, created_at, updated_at)
       select 'em_plan' || g, 'prj_plan', 'campaign', 'news@plan.test', 'reader' || g || '@example.com',
              'Hi', '<p>Hello ' || g || '</p>', 'tok_plan' || g, 'sent', now(), now()
       from generate_series(1, ${EMAILS}) g`,
    );
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  const scans = (statement: SQL) => planReads(handle, statement);

  it("the update of a batch's emails probes the index", async () => {
    const now = new Date();
    const batch = Array.from({ length: 20 }, (_, i) => ({
      email: { id: `em_plan${i * 997 + 1}` } as Email,
      type: "delivered" as const,
      now,
      patch: { sentAt: now, messageId: `<m${i}@plan.test>` },
    }));
    const reads = await scans(emailsUpdateStatement(batch));
    expect(reads).not.toContain("Seq Scan on emails");
    expect(reads.some((read) => read.endsWith("using emails_id_idx"))).toBe(true);

    // And it does what it says: those emails, and only those, are delivered.
    await handle.db.execute(emailsUpdateStatement(batch));
    const [counts] = await handle.query<{ delivered: number }>(
      `select count(*)::int as delivered from emails where status = 'delivered'`,
    );
    expect(counts!.delivered).toBe(20);
  }, 60_000);

  // Every email of the table is `sent` and waits for its outcome, as during a large campaign (and
  // without a vacuum, the old versions of rows already delivered stay in the status index too).
  // A literal id list beside `status = 'sent'` was planned, without statistics, as a read of every
  // waiting email: a sequential scan here, a scan of emails_project_status_created_idx ANDed with
  // the id index in bench:campaign at 100,000 (2,600 pages an outcome batch, 147 ms).
  const ids = Array.from({ length: 50 }, (_, i) => `em_plan${i * 397 + 5}`);

  it("the outcome writer's lock of a batch probes the id index", async () => {
    const reads = await scans(lockAwaitingOutcome(handle.db, ids).getSQL());
    expect(reads).not.toContain("Seq Scan on emails");
    expect(reads.filter((read) => read.includes(" using emails_"))).toEqual([
      expect.stringMatching(/ using emails_id_idx$/),
    ]);
  }, 60_000);

  it("holding, parking or requeueing listed emails probes the id index", async () => {
    const update = handle.db
      .update(emails)
      .set({ heldAt: new Date() })
      .where(awaitingOutcome(ids))
      .getSQL();
    const reads = await scans(update);
    expect(reads).not.toContain("Seq Scan on emails");
    expect(reads.filter((read) => read.includes(" using emails_"))).toEqual([
      expect.stringMatching(/ using emails_id_idx$/),
    ]);
  }, 60_000);
});
