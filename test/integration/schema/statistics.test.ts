import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/db";
import { analyzeGrownTables } from "@/db/statistics";
import { TEST_DRIVER } from "../../support/app";
import { migratedTestDatabase } from "../../support/database";
import { planReads } from "../../support/plans";

/**
 * Statistics kept in step with growing tables without autovacuum (docs/decisions/0062): a
 * foreign-key check planned while `emails` was empty read every email of the project on each
 * check, and a 100,000-recipient campaign slowed to a crawl until an ANALYZE.
 */
describe(`statistics of grown tables (${TEST_DRIVER})`, () => {
  let handle: DatabaseHandle;
  let close: (() => Promise<void>) | undefined;

  const reltuples = async () => {
    const [row] = await handle.query<{ n: number }>(
      `select reltuples::float8 as n from pg_class where relname = 'emails'`,
    );
    return Number(row!.n);
  };

  beforeAll(async () => {
    ({ handle, close } = await migratedTestDatabase(TEST_DRIVER));
    // Whatever the server's autovacuum setting, only the pass under test analyzes this table.
    await handle.query(`alter table emails set (autovacuum_enabled = false)`);
    await handle.query(
      `insert into projects (id, name, created_at, updated_at) values ('prj_stats', 'P', now(), now())`,
    );
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  const insertEmails = (from: number, to: number) =>
    handle.query(
      `insert into emails (id, project_id, type, from_address, "to", subject, html, tracking_token,
                           unsubscribe_token, status, created_at, updated_at)
       select 'em_stats' || g, 'prj_stats', 'campaign', 'news@stats.test', 'reader' || g || '@example.com',
              'Hi', '<p>Hello ' || g || '</p>', 'tok_stats' || g, 'unsub_stats' || g, 'sent', now(), now()
       from generate_series(${from}, ${to}) g`,
    );

  it("analyzes a table that grew past its statistics, once, and again when it grows more", async () => {
    await insertEmails(1, 3_000);
    expect(await reltuples()).toBeLessThanOrEqual(0); // never analyzed

    expect(await analyzeGrownTables(handle.db)).toContain("public.emails");
    expect(await reltuples()).toBeGreaterThan(2_000);

    // Nothing grew: nothing to do.
    expect(await analyzeGrownTables(handle.db)).not.toContain("public.emails");

    await insertEmails(3_001, 6_000);
    expect(await analyzeGrownTables(handle.db)).toContain("public.emails");
    expect(await reltuples()).toBeGreaterThan(5_000);
  }, 60_000);

  it("then a foreign-key check of an email reads that email alone", async () => {
    // The statement PostgreSQL's RI trigger runs for a new event or delivery claim.
    const reads = await planReads(
      handle,
      sql`select 1 from only emails x where project_id = 'prj_stats' and id = 'em_stats42' for key share of x`,
    );
    // One row by its id: through the primary key or the id index, not a project's every email.
    const indexReads = reads.filter((read) => read.includes(" using "));
    expect(indexReads).toHaveLength(1);
    expect(indexReads[0]).toMatch(/ using emails_(project_id_id_pk|id_idx)$/);
  }, 60_000);
});
