import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, type DatabaseHandle } from "@/db";
import { sql } from "drizzle-orm";
import { TEST_DRIVER } from "../../support/app";
import { migratedTestDatabase } from "../../support/database";

/**
 * Mail bodies are compressed with lz4 where PostgreSQL has it (migration 0038): a campaign stores
 * its newsletter once per recipient, and pglz spent more of PostgreSQL's time compressing each
 * copy than the rest of the insert took. PGlite has no lz4: there the migration keeps pglz and
 * bodies still round-trip.
 */
describe(`mail body compression (${TEST_DRIVER})`, () => {
  let handle: DatabaseHandle;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ handle, close } = await migratedTestDatabase(TEST_DRIVER));
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  const query = async <T>(statement: ReturnType<typeof sql>) =>
    rowsOf<T>(await handle.db.execute(statement));

  it("stores a newsletter's html with the method the server has, and reads it back whole", async () => {
    const html = Array.from(
      { length: 300 },
      (_, i) => `<tr><td style="padding:0 24px;color:#333">Paragraph ${i}</td></tr>`,
    ).join("");
    await query(sql`insert into projects (id, name, created_at, updated_at)
                    values ('prj_lz4', 'P', now(), now())`);
    await query(sql`insert into emails (id, project_id, type, from_address, "to", subject, html,
                                        text, tracking_token, status, created_at, updated_at)
                    values ('em_lz4', 'prj_lz4', 'campaign', 'news@lz4.test', 'a@example.com',
                            'Hi', ${html}, ${html}, 'tok_lz4', 'sent', now(), now())`);
    const [row] = await query<{ html: string; method: string }>(
      sql`select html, pg_column_compression(html) as method from emails where id = 'em_lz4'`,
    );
    expect(row!.html).toBe(html);
    expect(row!.method).toBe(TEST_DRIVER === "postgres" ? "lz4" : "pglz");
  });

  it.runIf(TEST_DRIVER === "postgres")(
    "sets lz4 on every column that holds outgoing mail",
    async () => {
      const columns = await query<{ column: string; method: string }>(
        sql`select attrelid::regclass || '.' || attname as column, attcompression as method
          from pg_attribute
          where (attrelid, attname) in (('emails'::regclass, 'html'), ('emails'::regclass, 'text'),
                 ('emails'::regclass, 'attachments'),
                 ('submitted_messages'::regclass, 'raw'))
          order by 1`,
      );
      expect(columns).toEqual([
        { column: "emails.attachments", method: "l" },
        { column: "emails.html", method: "l" },
        { column: "emails.text", method: "l" },
        { column: "submitted_messages.raw", method: "l" },
      ]);
    },
  );
});
