import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { campaignVariants } from "@/db/schema";
import type { DatabaseHandle } from "@/db";
import { markFirstStatement } from "@/lib/emails/campaign-counters";
import { TEST_DRIVER } from "../../support/app";
import { migratedTestDatabase } from "../../support/database";
import { planReads } from "../../support/plans";

/** A large campaign's recipients, and years of campaigns: reading all is the costlier plan. */
const RECIPIENTS = 20_000;
const CAMPAIGNS = 5_000;

/**
 * Campaign counters are kept as events happen, so the rows they touch must be found by index
 * however large the tables grow. A campaign email's open or click marks its recipient's first one through the recipient's
 * unique key. The statement named the campaign and the contact but not the project, so neither
 * the key (project first) served it: each open read every recipient of the campaign (56 ms an
 * open at 200,000 recipients, a sequential scan of the table).
 */
describe(`campaign counters find their rows by index (${TEST_DRIVER})`, () => {
  let handle: DatabaseHandle;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ handle, close } = await migratedTestDatabase(TEST_DRIVER));
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
    await handle.query(
      `insert into campaigns (id, project_id, name, subject, from_name, from_email, status,
                              created_at, updated_at)
       select 'cmp_old' || g, 'prj_rp', 'News', 'Hi', 'News', 'news@rp.test', 'sent', now(), now()
       from generate_series(1, ${CAMPAIGNS}) g`,
    );
    await handle.query(
      `insert into campaign_variants (project_id, campaign_id, key, subject)
       select 'prj_rp', c.id, k, 'Hi' from campaigns c, unnest(array['A', 'B']) k`,
    );
    await handle.query(`analyze campaign_recipients; analyze campaign_variants`);
  }, 120_000);

  afterAll(async () => {
    await close?.();
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

  // Delivery outcomes, the fan-out and opens move a variant's counters naming the campaign by
  // its id: the primary key starts with the project, so each update read every variant.
  it("reads and updates a campaign's variants through the campaign index", async () => {
    // The shapes of variantsOf (lib/campaigns/internal.ts) and of the counter updates
    // (lib/emails/campaign-counters.ts, lib/campaigns/fanout.ts, lib/campaigns/counters.ts).
    for (const statement of [
      handle.db
        .select()
        .from(campaignVariants)
        .where(inArray(campaignVariants.campaignId, ["cmp_old777"]))
        .orderBy(asc(campaignVariants.key)),
      handle.db
        .update(campaignVariants)
        .set({ delivered: sql`${campaignVariants.delivered} + 3` })
        .where(and(eq(campaignVariants.campaignId, "cmp_old777"), eq(campaignVariants.key, "A"))),
    ]) {
      const reads = await planReads(handle, statement.getSQL());
      expect(reads).not.toContain("Seq Scan on campaign_variants");
      expect(reads.some((read) => read.endsWith("using campaign_variants_campaign_idx"))).toBe(
        true,
      );
    }
  }, 60_000);
});
