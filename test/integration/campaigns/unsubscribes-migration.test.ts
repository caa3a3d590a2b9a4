import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db";
import { TEST_DRIVER } from "../../support/app";
import { databaseBefore, type DatabaseBeforeMigration } from "../../support/migrations";

/**
 * Migration 0030's hand-written backfill (decision 0046), on a database migrated up to 0029 that
 * holds campaigns counted the old way: one count per unsubscribe, a person who left, came back and
 * left again counted twice.
 */
const MIGRATION = "0030_campaign_unsubscribed_once";

let database: DatabaseBeforeMigration;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await databaseBefore(MIGRATION);
  handle = database.handle;
});
afterAll(async () => {
  await database?.close();
});

describe(`migration ${MIGRATION} (${TEST_DRIVER})`, () => {
  it("dates each recipient's first unsubscribe and takes the double counts off, nothing else", async () => {
    await handle.query(`
      insert into projects (id, name) values ('prj_m', 'Migrated');
      insert into contacts (id, project_id, email) values
        ('ct_ann', 'prj_m', 'ann@example.com'), ('ct_ben', 'prj_m', 'ben@example.com'),
        ('ct_cat', 'prj_m', 'cat@example.com'), ('ct_dan', 'prj_m', 'dan@example.com');
      insert into campaigns (id, project_id, name, subject, from_name, from_email, status)
        values ('cmp_m', 'prj_m', 'Old news', 'News', 'Acme', 'news@mail.test', 'sent');
      -- A: Ann left twice (counted 2) and Ben once; B: Cat left before subscription history was
      -- kept (migration 0018), so nothing records it and its count must stay.
      insert into campaign_variants (campaign_id, key, subject, recipients, unsubscribed) values
        ('cmp_m', 'A', 'News', 2, 3), ('cmp_m', 'B', 'News B', 2, 1);
      insert into emails (id, project_id, type, from_address, "to", subject, tracking_token,
                          contact_id, campaign_id, campaign_variant) values
        ('em_ann', 'prj_m', 'campaign', 'news@mail.test', 'ann@example.com', 'News', 't1', 'ct_ann', 'cmp_m', 'A'),
        ('em_ben', 'prj_m', 'campaign', 'news@mail.test', 'ben@example.com', 'News', 't2', 'ct_ben', 'cmp_m', 'A'),
        ('em_cat', 'prj_m', 'campaign', 'news@mail.test', 'cat@example.com', 'News B', 't3', 'ct_cat', 'cmp_m', 'B'),
        ('em_dan', 'prj_m', 'campaign', 'news@mail.test', 'dan@example.com', 'News B', 't4', 'ct_dan', 'cmp_m', 'B');
      insert into campaign_recipients (id, project_id, campaign_id, contact_id, variant, email_id) values
        ('cr_ann', 'prj_m', 'cmp_m', 'ct_ann', 'A', 'em_ann'), ('cr_ben', 'prj_m', 'cmp_m', 'ct_ben', 'A', 'em_ben'),
        ('cr_cat', 'prj_m', 'cmp_m', 'ct_cat', 'B', 'em_cat'), ('cr_dan', 'prj_m', 'cmp_m', 'ct_dan', 'B', 'em_dan');
      insert into subscription_changes (id, project_id, contact_id, subscribed, via, email_id, created_at) values
        ('sub_1', 'prj_m', 'ct_ann', false, 'unsubscribe_link', 'em_ann', '2026-05-01T10:00:00Z'),
        ('sub_2', 'prj_m', 'ct_ann', true, 'update', null, '2026-05-01T10:05:00Z'),
        ('sub_3', 'prj_m', 'ct_ann', false, 'unsubscribe_link', 'em_ann', '2026-05-02T09:00:00Z'),
        ('sub_4', 'prj_m', 'ct_ben', false, 'unsubscribe_link', 'em_ben', '2026-05-03T08:00:00Z'),
        ('sub_5', 'prj_m', 'ct_dan', false, 'update', null, '2026-05-03T08:00:00Z');
    `);

    await database.migrateRest();

    const recipients = await handle.query<{ id: string; at: string | null }>(
      `select id, to_char(unsubscribed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at
       from campaign_recipients order by id`,
    );
    expect(recipients).toEqual([
      { id: "cr_ann", at: "2026-05-01T10:00" },
      { id: "cr_ben", at: "2026-05-03T08:00" },
      { id: "cr_cat", at: null },
      { id: "cr_dan", at: null },
    ]);
    const variants = await handle.query<{ key: string; unsubscribed: number }>(
      `select key, unsubscribed from campaign_variants order by key`,
    );
    expect(variants).toEqual([
      { key: "A", unsubscribed: 2 },
      { key: "B", unsubscribed: 1 },
    ]);
  });
});
