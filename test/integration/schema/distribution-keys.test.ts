import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db";
import { TEST_DRIVER } from "../../support/app";
import { databaseBefore, type DatabaseBeforeMigration } from "../../support/migrations";

/**
 * The schema distributes by project_id on Citus (docs/decisions/0057-citus-distribution.md).
 * There is no Citus here, so this checks Citus's rules against the migrated catalog: a table
 * distributed by project_id has project_id in its primary key and in every unique index, and a
 * foreign key between two distributed tables joins project_id to project_id; reference tables
 * (copied to every node) point at nothing distributed. Migration 0037 made it so; it runs here
 * on rows written by the schema before it.
 */
const MIGRATION = "0037_citus_distribution_keys";

/** Global tables, `create_reference_table` on Citus: instance-wide accounts and settings. */
const REFERENCE_TABLES = [
  "users",
  "sessions",
  "password_resets",
  "sign_in_throttles",
  "instance_settings",
];
/** Distributed by its `id`, which is every other table's project_id. */
const DISTRIBUTION_ROOT = "projects";
/**
 * Not ready yet, each with the reason (decision 0057, "What is left"): gallery templates are
 * rows with a null project_id that every project reads; one project receives a domain name's
 * mail, a uniqueness across projects.
 */
const NOT_YET_TABLES = ["templates"];
const NOT_YET_UNIQUE_INDEXES = ["domains_receiving_name_key"];

type Catalog = {
  tables: string[];
  primaryKeys: Map<string, string[]>;
  uniqueIndexes: { table: string; name: string; columns: string[] }[];
  foreignKeys: {
    table: string;
    name: string;
    columns: string[];
    parent: string;
    parentColumns: string[];
  }[];
};

async function readCatalog(handle: DatabaseHandle): Promise<Catalog> {
  // Partitions follow their parent (Citus distributes the partitioned table), so only parents.
  const tables = await handle.query<{ name: string }>(`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`);
  // Columns in key order, as text (one shape on both drivers); expression columns are skipped.
  const columnsOf = (rel: string, keys: string) => `
    (select string_agg(a.attname, ',' order by k.ord) from unnest(${keys}) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = ${rel} and a.attnum = k.attnum)`;
  const constraints = await handle.query<{
    type: string;
    name: string;
    table: string;
    columns: string;
    parent: string | null;
    parent_columns: string | null;
  }>(`
    select c.contype as type, c.conname as name, r.relname as table, ${columnsOf("c.conrelid", "c.conkey")} as columns,
      p.relname as parent, ${columnsOf("c.confrelid", "c.confkey")} as parent_columns
    from pg_constraint c join pg_class r on r.oid = c.conrelid
    join pg_namespace n on n.oid = r.relnamespace left join pg_class p on p.oid = c.confrelid
    where n.nspname = 'public' and not r.relispartition and c.contype in ('p', 'f')
      and c.conparentid = 0`);
  const indexes = await handle.query<{ table: string; name: string; columns: string | null }>(`
    select r.relname as table, x.relname as name, ${columnsOf("i.indrelid", "i.indkey::int2[]")} as columns
    from pg_index i join pg_class r on r.oid = i.indrelid join pg_class x on x.oid = i.indexrelid
    join pg_namespace n on n.oid = r.relnamespace
    where n.nspname = 'public' and not r.relispartition and i.indisunique and not i.indisprimary`);
  const split = (s: string | null) => (s ? s.split(",") : []);
  return {
    tables: tables.map((t) => t.name),
    primaryKeys: new Map(
      constraints.filter((c) => c.type === "p").map((c) => [c.table, split(c.columns)]),
    ),
    uniqueIndexes: indexes.map((i) => ({ ...i, columns: split(i.columns) })),
    foreignKeys: constraints
      .filter((c) => c.type === "f")
      .map((c) => ({
        table: c.table,
        name: c.name,
        columns: split(c.columns),
        parent: c.parent!,
        parentColumns: split(c.parent_columns),
      })),
  };
}

/** What keeps the schema from distributing by project_id, one line per problem. */
function distributionProblems(catalog: Catalog): string[] {
  const problems: string[] = [];
  const isReference = (t: string) => REFERENCE_TABLES.includes(t);
  const distributionColumn = (t: string) => (t === DISTRIBUTION_ROOT ? "id" : "project_id");
  const distributed = catalog.tables.filter(
    (t) => !isReference(t) && t !== DISTRIBUTION_ROOT && !NOT_YET_TABLES.includes(t),
  );
  for (const table of distributed) {
    if (!catalog.primaryKeys.get(table)?.includes("project_id"))
      problems.push(`${table}: primary key (${catalog.primaryKeys.get(table)}) lacks project_id`);
  }
  for (const index of catalog.uniqueIndexes) {
    if (!distributed.includes(index.table) || NOT_YET_UNIQUE_INDEXES.includes(index.name)) continue;
    if (!index.columns.includes("project_id"))
      problems.push(`${index.table}: unique index ${index.name} lacks project_id`);
  }
  for (const fk of catalog.foreignKeys) {
    if (isReference(fk.table)) {
      if (!isReference(fk.parent))
        problems.push(`${fk.table} (reference) references ${fk.parent}: ${fk.name}`);
      continue;
    }
    if (isReference(fk.parent)) continue; // distributed → reference is allowed
    const at = fk.columns.indexOf("project_id");
    if (at < 0 || fk.parentColumns[at] !== distributionColumn(fk.parent))
      problems.push(
        `${fk.table} → ${fk.parent}: ${fk.name} (${fk.columns}) → (${fk.parentColumns}) does not join project_id`,
      );
  }
  return problems;
}

let database: DatabaseBeforeMigration;
let handle: DatabaseHandle;
let before: string[];

beforeAll(async () => {
  database = await databaseBefore(MIGRATION);
  handle = database.handle;
  before = distributionProblems(await readCatalog(handle));
  await handle.query(`
    insert into projects (id, name) values ('prj_a', 'A'), ('prj_b', 'B');
    insert into contacts (id, project_id, email) values ('con_a', 'prj_a', 'a@example.com');
    insert into domains (id, project_id, name, dkim_selector, dkim_public_key, dkim_private_key, receiving)
      values ('dom_a', 'prj_a', 'a.test', 's', 'pub', 'priv', true);
    insert into emails (id, project_id, type, from_address, "to", subject, tracking_token)
      values ('em_a', 'prj_a', 'campaign', 'x@a.test', 'a@example.com', 'Hi', 'tok_a');
    insert into email_outcomes (email_id, type) values ('em_a', 'bounced');
    insert into email_open_clients (email_id, client, counted_at) values ('em_a', 'c1', now());
    insert into campaigns (id, project_id, name, subject, from_name, from_email)
      values ('cmp_a', 'prj_a', 'C', 'Hi', 'X', 'x@a.test');
    insert into campaign_variants (campaign_id, key, subject) values ('cmp_a', 'A', 'Hi');
    insert into contact_imports (id, project_id, format) values ('imp_a', 'prj_a', 'csv');
    insert into contact_import_chunks (import_id, seq, first_row, data) values ('imp_a', 0, 1, 'email');
    insert into webhook_endpoints (id, project_id, url, events, secret)
      values ('whe_a', 'prj_a', 'https://hook.test', '{}', 's');
    insert into webhook_deliveries (id, project_id, endpoint_id, event_type, payload)
      values ('whd_a', 'prj_a', 'whe_a', 'email.sent', '{}');
    insert into webhook_attempts (id, delivery_id, attempted_at, duration_ms) values ('wha_a', 'whd_a', now(), 5);
    insert into events (id, project_id, name, contact_id) values ('ev_a', 'prj_a', 'signed_up', 'con_a');
    insert into received_emails (id, project_id, domain_id, in_reply_to_email_id, "from", "to", cc, envelope_to, subject, headers, fingerprint, size)
      values ('rcv_a', 'prj_a', 'dom_a', 'em_a', 'b@example.com', '[]', '[]', '["in@a.test"]', 'Re', '[]', 'f1', 10)`);
  await database.migrateRest();
});
afterAll(async () => {
  await database?.close();
});

describe(`distribution by project_id (${TEST_DRIVER})`, () => {
  it("finds the schema before migration 0037 not distributable, and every table ready after it", async () => {
    console.log(`[distribution-keys] before ${MIGRATION}: ${before.length} problems`);
    expect(before.length).toBeGreaterThan(30);
    expect(before).toContain("emails: primary key (id) lacks project_id");
    expect(before).toContain(
      "email_outcomes: primary key (email_id,type,recipient) lacks project_id",
    );

    const catalog = await readCatalog(handle);
    expect(distributionProblems(catalog)).toEqual([]);
    // Every allow-listed table exists, so a rename cannot slip past the lists.
    for (const table of [...REFERENCE_TABLES, DISTRIBUTION_ROOT, ...NOT_YET_TABLES])
      expect(catalog.tables).toContain(table);
    expect(catalog.primaryKeys.get("events")).toEqual(["project_id", "id", "created_at"]);
  });

  it("gives the tables that gained project_id their parent's", async () => {
    const rows = await handle.query<{ t: string; project_id: string }>(`
      select 'email_outcomes' as t, project_id from email_outcomes
      union all select 'email_open_clients', project_id from email_open_clients
      union all select 'campaign_variants', project_id from campaign_variants
      union all select 'contact_import_chunks', project_id from contact_import_chunks
      union all select 'webhook_attempts', project_id from webhook_attempts order by 1`);
    expect(rows).toEqual(
      [
        "campaign_variants",
        "contact_import_chunks",
        "email_open_clients",
        "email_outcomes",
        "webhook_attempts",
      ].map((t) => ({ t, project_id: "prj_a" })),
    );
  });

  it("nulls only the referencing column when a contact, domain or email goes (SET NULL (column))", async () => {
    await handle.query(`delete from contacts where id = 'con_a'`);
    await handle.query(`delete from domains where id = 'dom_a'`);
    await handle.query(`delete from emails where id = 'em_a'`);
    const [event] = await handle.query<{ project_id: string; contact_id: string | null }>(
      `select project_id, contact_id from events where id = 'ev_a'`,
    );
    expect(event).toEqual({ project_id: "prj_a", contact_id: null });
    const [received] = await handle.query<{
      project_id: string;
      domain_id: string | null;
      in_reply_to_email_id: string | null;
    }>(
      `select project_id, domain_id, in_reply_to_email_id from received_emails where id = 'rcv_a'`,
    );
    expect(received).toEqual({ project_id: "prj_a", domain_id: null, in_reply_to_email_id: null });
    const [left] = await handle.query<{ n: number }>(
      `select count(*)::int as n from email_outcomes where project_id = 'prj_a'`,
    );
    expect(left!.n).toBe(0);
  });

  it("refuses a row pointing at another project's parent", async () => {
    await handle.query(
      `insert into contacts (id, project_id, email) values ('con_b', 'prj_b', 'b@example.com')`,
    );
    await expect(
      handle.query(
        `insert into events (id, project_id, name, contact_id) values ('ev_x', 'prj_a', 'x', 'con_b')`,
      ),
    ).rejects.toThrow(/foreign key/);
  });
});
