import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db";
import * as schema from "@/db/schema";
import { listContacts } from "@/lib/contacts/list";
import type { ServiceContext } from "@/lib/core/context";
import { listEmails } from "@/lib/emails/list";
import { listSegmentContacts } from "@/lib/segments/contacts";
import { createSegment } from "@/lib/segments/manage";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

/**
 * A newest-first page must be read from its `(project, …, created_at desc, id desc)` index, not
 * sorted: a Sort node means every matching row of the project is read for each page (600 ms at
 * a million contacts). The statements the services send are captured and EXPLAINed with scans
 * that cannot keep order turned off, so a Sort left in the plan is the index failing to serve
 * the ORDER BY. PostgreSQL only: capturing statements needs the postgres.js client.
 */
let app: TestApp;
let project: TestProject;
const sent: { text: string; params: unknown[] }[] = [];
let client: postgres.Sql;
let ctx: ServiceContext;

const onPostgres = TEST_DRIVER === "postgres";

beforeAll(async () => {
  if (!onPostgres) return;
  app = await startTestApp();
  project = await app.createProject();
  const url = app.runtime.config.databaseUrl!;
  await app.runtime.handle.query(
    `insert into contacts (id, project_id, email, name, created_at, updated_at)
       select 'ct_plan' || lpad(g::text, 6, '0'), $1, 'p' || g || '@plan.test', 'Person ' || g,
              now() - (g || ' minutes')::interval, now()
       from generate_series(1, 2000) g`,
    [project.id],
  );
  await app.runtime.handle.query(
    `insert into emails (id, project_id, type, status, from_address, "to", subject, campaign_id,
                         automation_id, tracking_token, created_at, updated_at)
       select 'em_plan' || lpad(g::text, 6, '0'), $1, 'campaign', 'delivered', 'a@mail.test',
              'p' || g || '@plan.test', 'Hi', 'cmp_' || (g % 3), 'aut_' || (g % 3), 'tk_plan' || g,
              now() - (g || ' minutes')::interval, now()
       from generate_series(1, 2000) g`,
    [project.id],
  );
  await app.runtime.handle.query("analyze contacts; analyze emails");
  client = postgres(url, {
    max: 1,
    onnotice: () => {},
    debug: (_c, text, params) => sent.push({ text, params: params as unknown[] }),
  });
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Database;
  ctx = { ...app.ctx(project.id), db };
});
afterAll(async () => {
  await client?.end({ timeout: 5 });
  await app?.close();
});

/** The plan of the last statement `run` sent, with only order-keeping scans allowed. */
async function planOf(run: () => Promise<unknown>) {
  sent.length = 0;
  await run();
  const statement = sent.at(-1)!;
  await client.unsafe("set enable_seqscan = off; set enable_bitmapscan = off").simple();
  const rows = await client.unsafe(`explain ${statement.text}`, statement.params as never[]);
  await client.unsafe("reset enable_seqscan; reset enable_bitmapscan").simple();
  return rows.map((r) => r["QUERY PLAN"] as string).join("\n");
}

describe.skipIf(!onPostgres)(`newest-first pages come from an index (${TEST_DRIVER})`, () => {
  it.each([
    ["contacts", () => listContacts(ctx, { limit: 25 })],
    ["contacts, searched", () => listContacts(ctx, { limit: 25, search: "p1" })],
    ["emails", () => listEmails(ctx, { limit: 25 })],
    ["emails by status", () => listEmails(ctx, { limit: 25, status: "delivered" })],
    ["emails by campaign", () => listEmails(ctx, { limit: 25, campaign: "cmp_1" })],
    ["emails by automation", () => listEmails(ctx, { limit: 25, automation: "aut_2" })],
    ["emails since a day", () => listEmails(ctx, { limit: 25, since: "2020-01-01" })],
  ] as const)("%s", async (_name, run) => {
    const plan = await planOf(run);
    expect(plan).toMatch(/Index (Only )?Scan/);
    expect(plan).not.toMatch(/Sort/);
  });

  it("a segment's members", async () => {
    const segment = await createSegment(ctx, {
      name: "All",
      conditions: { match: "all", rules: [{ field: "email", operator: "contains", value: "p" }] },
    });
    const plan = await planOf(() => listSegmentContacts(ctx, segment.id, { limit: 25 }));
    expect(plan).not.toMatch(/Sort/);
  });
});
