import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db";
import { TEST_DRIVER } from "../../support/app";
import { databaseBefore, type DatabaseBeforeMigration } from "../../support/migrations";

/**
 * Migrations 0034 (email_outcomes, event_retention_days) and 0035 (events and email_events
 * partitioned by month, decision 0055), on a database migrated up to 0033 holding events of
 * several months and a bounce.
 */
const FIRST = "0034_event_retention";

let database: DatabaseBeforeMigration;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await databaseBefore(FIRST);
  handle = database.handle;
});
afterAll(async () => {
  await database?.close();
});

describe(`migrations 0034–0035, events by month (${TEST_DRIVER})`, () => {
  it("moves every row into its month, keeps the indexes and foreign keys, and remembers bounces", async () => {
    await handle.query(`
      insert into projects (id, name) values ('prj_m', 'Migrated');
      insert into emails (id, project_id, type, from_address, "to", subject, tracking_token)
        values ('em_m', 'prj_m', 'transactional', 'a@mail.test', 'b@example.com', 'Hi', 'tok_m');
      insert into email_events (id, project_id, email_id, type, data, created_at) values
        ('eev_1', 'prj_m', 'em_m', 'delivered', '{}', '2024-03-05T10:00:00Z'),
        ('eev_2', 'prj_m', 'em_m', 'bounced', '{}', '2025-01-31T23:59:59.999Z'),
        ('eev_3', 'prj_m', 'em_m', 'recipient_bounced', '{"recipient":"Cc@Example.com"}', '2025-02-01T00:00:00Z');
      insert into events (id, project_id, name, created_at) values
        ('ev_1', 'prj_m', 'signed_up', '2025-07-09T00:00:00Z')`);
    await database.migrateRest();

    const placed = await handle.query<{ t: string; id: string }>(`
      select tableoid::regclass::text as t, id from email_events
      union all select tableoid::regclass::text, id from events order by id`);
    expect(placed).toEqual([
      { t: "email_events_p2024_03", id: "eev_1" },
      { t: "email_events_p2025_01", id: "eev_2" },
      { t: "email_events_p2025_02", id: "eev_3" },
      { t: "events_p2025_07", id: "ev_1" },
    ]);
    // Every month from the oldest row through three months after this one, and DEFAULT.
    const months = await handle.query<{ name: string }>(`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'events'::regclass order by 1`);
    const now = new Date();
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1));
    const lastName = `events_p${last.getUTCFullYear()}_${String(last.getUTCMonth() + 1).padStart(2, "0")}`;
    expect(months[0]!.name).toBe("events_default");
    expect(months[1]!.name).toBe("events_p2025_07");
    expect(months.at(-1)!.name).toBe(lastName);

    const [partitioned] = await handle.query<{ n: number }>(`
      select count(*)::int as n from pg_partitioned_table
      where partrelid in ('events'::regclass, 'email_events'::regclass)`);
    expect(partitioned!.n).toBe(2);
    // Primary keys as 0037 left them (project_id first, for Citus: decision 0057).
    const indexes = await handle.query<{ name: string }>(`
      select indexname as name from pg_indexes
      where tablename in ('events', 'email_events') order by 1`);
    // Sorted here: the two drivers' collations order "_" differently.
    expect(indexes.map((i) => i.name).sort()).toEqual([
      "email_events_clicked_idx",
      "email_events_email_created_idx",
      "email_events_project_created_idx",
      "email_events_project_id_id_created_at_pk",
      "events_contact_created_idx",
      "events_project_created_idx",
      "events_project_email_created_idx",
      "events_project_id_id_created_at_pk",
      "events_project_name_created_idx",
    ]);
    expect(
      await handle.query(`select email_id, type, recipient from email_outcomes order by type`),
    ).toEqual([
      { email_id: "em_m", type: "bounced", recipient: "" },
      { email_id: "em_m", type: "recipient_bounced", recipient: "cc@example.com" },
    ]);
    const [retention] = await handle.query<{ days: number }>(
      `select event_retention_days as days from projects where id = 'prj_m'`,
    );
    expect(retention!.days).toBe(400);
    // The foreign keys came along: deleting the email takes its events, in every partition.
    await handle.query(`delete from emails where id = 'em_m'`);
    const [left] = await handle.query<{ n: number }>(
      `select (select count(*) from email_events)::int + (select count(*) from email_outcomes)::int as n`,
    );
    expect(left!.n).toBe(0);
  });
});
