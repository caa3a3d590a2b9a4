import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "@/db";
import { markFirstStatement } from "@/lib/emails/campaign-counters";
import { TEST_DRIVER } from "../../support/app";
import { createThrowawayDatabase } from "../../support/database";
import { planReads } from "../../support/plans";

/** A large campaign's recipients: reading them all is then the costlier plan. */
const RECIPIENTS = 20_000;

/**
 * A campaign email's open or click marks its recipient's first one through the recipient's
 * unique key. The statement named the campaign and the contact but not the project, so neither
 * the key (project first) served it: each open read every recipient of the campaign (56 ms an
 * open at 200,000 recipients, a sequential scan of the table).
 */
describe(`an open finds its campaign recipient by key (${TEST_DRIVER})`, () => {
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const database = TEST_DRIVER === "postgres" ? await createThrowawayDatabase() : undefined;
    const options = database ? { databaseUrl: database.url } : { memory: true };
    handle = await openDatabase(options);
    await migrateDatabase({ ...options, handle });
    drop = database?.drop;
    await handle.query(
      `insert into projects (id, name, created_at, updated_at) values ('prj_rp', 'P', now(), now())`,
    );
    await handle.query(
      `insert into campaigns (id, project_id, name, subject, from_name, from_email, status,
                              created_at, updated_at)
       values ('cmp_rp', 'prj_rp', 'News', 'Hi', 'News', 'news@rp.test', 'sent', now(), now())`,
    );
    await handle.query(
      `insert into campaign_recipients (id, project_id, campaign_id, contact_id, variant, status,
                                        created_at)
       select 'rcp_rp' || g, 'prj_rp', 'cmp_rp', 'ct_rp' || g, 'A', 'sent', now()
       from generate_series(1, ${RECIPIENTS}) g`,
    );
    await handle.query(`analyze campaign_recipients`);
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  it("marks the first open through the recipients' unique key", async () => {
    const email = { projectId: "prj_rp", campaignId: "cmp_rp", contactId: "ct_rp777" };
    const statement = markFirstStatement(handle.db, email, "opened", new Date());
    const reads = await planReads(handle, statement.getSQL());
    expect(reads).not.toContain("Seq Scan on campaign_recipients");
    expect(reads).toContain("Index Scan using campaign_recipients_campaign_contact_key");

    // And it marks that recipient once.
    expect(await statement).toHaveLength(1);
    expect(await markFirstStatement(handle.db, email, "opened", new Date())).toHaveLength(0);
  }, 60_000);
});
