import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db";
import * as schema from "@/db/schema";
import { countCampaignRecipients } from "@/lib/campaigns/audience";
import type { ServiceContext } from "@/lib/core/context";
import { listSegmentContacts } from "@/lib/segments/contacts";
import { createSegment } from "@/lib/segments/manage";
import { createTopic } from "@/lib/topics/manage";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

/**
 * A campaign about a topic asks, for each contact of its audience, whether it opted out: that
 * must be one probe of contact_topics' primary key (project, contact, topic) per contact, never a scan of
 * the table (every choice of every contact of the project). The statements the services send are
 * captured and EXPLAINed as the planner would run them on a table with statistics. PostgreSQL
 * only: capturing statements needs the postgres.js client.
 */
let app: TestApp;
let project: TestProject;
const sent: { text: string; params: unknown[] }[] = [];
let client: postgres.Sql;
let ctx: ServiceContext;
let topicId: string;

const onPostgres = TEST_DRIVER === "postgres";
const CONTACTS = 5000;

beforeAll(async () => {
  if (!onPostgres) return;
  app = await startTestApp();
  project = await app.createProject();
  topicId = (await createTopic(app.ctx(project.id), { name: "News" })).id;
  const other = (await createTopic(app.ctx(project.id), { name: "Offers" })).id;
  await app.runtime.handle.query(
    `insert into contacts (id, project_id, email, created_at, updated_at)
       select 'ct_plan' || lpad(g::text, 6, '0'), $1, 'p' || g || '@plan.test', now(), now()
       from generate_series(1, ${CONTACTS}) g`,
    [project.id],
  );
  // Every contact chose about both topics: a scan would read all of it for each campaign batch.
  await app.runtime.handle.query(
    `insert into contact_topics (contact_id, topic_id, project_id, subscription)
       select 'ct_plan' || lpad(g::text, 6, '0'), t, $1, case when g % 3 = 0 then 'opt_out' else 'opt_in' end
       from generate_series(1, ${CONTACTS}) g, unnest(array[$2, $3]) t`,
    [project.id, topicId, other],
  );
  await app.runtime.handle.query("analyze contacts; analyze contact_topics; analyze topics");
  client = postgres(app.runtime.config.databaseUrl!, {
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

/** The plan of the statement `run` sent that reads contact_topics. */
async function planOf(run: () => Promise<unknown>) {
  sent.length = 0;
  await run();
  const statement = sent.findLast((s) => s.text.includes("contact_topics"))!;
  expect(statement, "a statement reading contact_topics").toBeDefined();
  const rows = await client.unsafe(`explain ${statement.text}`, statement.params as never[]);
  return rows.map((r) => r["QUERY PLAN"] as string).join("\n");
}

describe.skipIf(!onPostgres)(`the topic filter is served by an index (${TEST_DRIVER})`, () => {
  it("a campaign's audience with a topic", async () => {
    let count = 0;
    const plan = await planOf(async () => {
      count = await countCampaignRecipients(ctx, { target: "all", topic: topicId });
    });
    expect(count).toBe(CONTACTS - Math.floor(CONTACTS / 3));
    expect(plan).toMatch(
      /Index (Only )?Scan using contact_topics_project_id_contact_id_topic_id_pk/,
    );
    expect(plan).not.toMatch(/Seq Scan on contact_topics/);
  });

  it("a segment rule on a topic", async () => {
    const segment = await createSegment(ctx, {
      name: "Opted out",
      conditions: { rules: [{ field: "topic", operator: "opted_out", value: topicId }] },
    });
    const plan = await planOf(() => listSegmentContacts(ctx, segment.id, { limit: 25 }));
    expect(plan).toMatch(/contact_topics_project_id_contact_id_topic_id_pk/);
    expect(plan).not.toMatch(/Seq Scan on contact_topics/);
  });
});
