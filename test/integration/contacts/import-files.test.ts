import { eq, gte, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactImportChunks, contactImports } from "@/db/schema";
import { processContactImport } from "@/lib/imports/process";
import { startContactImport } from "@/lib/imports/upload";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";

/**
 * Real files: duplicates inside a file are counted and reported (totals add up to the row count),
 * semicolon-separated CSVs import, first + last name make the name, and the whole-file check
 * reads every row before anything is imported. Without a worker: the import answers finished.
 */
let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  app = await startTestApp({ worker: "off" });
  project = await app.createProject();
});
afterAll(async () => {
  await app?.close();
});

async function post(path: string, body: string, query = "") {
  const response = await fetch(`${app.baseUrl}/api/v1/contacts/${path}${query}`, {
    method: "POST",
    headers: { authorization: `Bearer ${project.live}`, "content-type": "text/csv" },
    body,
  });
  return { status: response.status, body: await response.json() };
}

const contact = async (email: string) =>
  (await app.api(`/v1/contacts?email=${encodeURIComponent(email)}`, { key: project.live })).body
    .data[0];

/** 1,000 rows of ~300 characters (two stored chunks): rows 20 and 990 repeat rows 10 and 5. */
function thousandRows(): string {
  const padding = "x".repeat(260);
  const rows = Array.from(
    { length: 1000 },
    (_, i) => `dup${i + 1}@example.com,Person ${i + 1},${padding}`,
  );
  rows[19] = `dup10@example.com,Tenth again,${padding}`;
  rows[989] = `dup5@example.com,Fifth again,${padding}`;
  rows[99] = `not-an-email,Bad,${padding}`;
  rows[499] = `,No email,${padding}`;
  rows[997] = `also bad@,Bad,${padding}`;
  return ["email,name,note", ...rows].join("\n");
}

describe(`importing real files (${TEST_DRIVER})`, () => {
  it("a 1,000-row file with duplicates: created + updated + errors + duplicates = 1,000", async () => {
    const { status, body } = await post("import", thousandRows());
    expect(status).toBe(200);
    expect(body.total_rows).toBe(1000);
    expect(body.created + body.updated + body.error_count + body.duplicate_count).toBe(1000);
    expect(body).toMatchObject({ created: 995, updated: 0, error_count: 3, duplicate_count: 2 });
    expect(body.duplicates).toEqual([
      { row: 20, first_row: 10, email: "dup10@example.com" },
      { row: 990, first_row: 5, email: "dup5@example.com" },
    ]);
    // The last row of an email wins, within a chunk and across chunks.
    expect((await contact("dup10@example.com")).name).toBe("Tenth again");
    expect((await contact("dup5@example.com")).name).toBe("Fifth again");
  });

  it("a resumed import still finds duplicates of rows in chunks imported before it stopped", async () => {
    const ctx = app.ctx(project.id);
    const csv = thousandRows().replaceAll("dup", "resume");
    const job = await startContactImport(ctx, { format: "csv", body: streamOf(csv) });
    // Stop after the first chunk: hide the later chunks, import, then bring them back.
    await ctx.db
      .update(contactImportChunks)
      .set({ seq: sql`${contactImportChunks.seq} + 1000` })
      .where(
        sql`${contactImportChunks.importId} = ${job.id} and ${gte(contactImportChunks.seq, 1)}`,
      );
    await processContactImport(ctx, job.id);
    const [first] = await ctx.db.select().from(contactImports).where(eq(contactImports.id, job.id));
    expect(first).toMatchObject({ nextChunk: 1, duplicateCount: 1 });
    await ctx.db
      .update(contactImportChunks)
      .set({ seq: sql`${contactImportChunks.seq} - 1000` })
      .where(
        sql`${contactImportChunks.importId} = ${job.id} and ${gte(contactImportChunks.seq, 1000)}`,
      );
    await ctx.db
      .update(contactImports)
      .set({ status: "running", finishedAt: null })
      .where(eq(contactImports.id, job.id));
    await processContactImport(ctx, job.id);
    const done = (await app.api(`/v1/contacts/imports/${job.id}`, { key: project.live })).body;
    expect(done).toMatchObject({ created: 995, error_count: 3, duplicate_count: 2 });
  });

  it("imports a semicolon-separated file (European Excel) with first and last name columns", async () => {
    const csv = [
      "E-mail;First name;Last name;Plan;Note",
      'ines@example.com;Inès;Müller;pro;"Berlin, Germany"',
      "otto@example.com;Otto;;free;",
      'solo@example.com;;Solo;team;"a;b"',
    ].join("\r\n");
    const mapping = encodeURIComponent(
      JSON.stringify({ "First name": "first_name", "Last name": "last_name", Plan: "data.plan" }),
    );
    const { status, body } = await post("import", csv, `?mapping=${mapping}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      delimiter: ";",
      columns: ["E-mail", "First name", "Last name", "Plan", "Note"],
      created: 3,
      error_count: 0,
    });
    expect(await contact("ines@example.com")).toMatchObject({
      name: "Inès Müller",
      data: { plan: "pro", Note: "Berlin, Germany" },
    });
    expect((await contact("otto@example.com")).name).toBe("Otto");
    expect(await contact("solo@example.com")).toMatchObject({
      name: "Solo",
      data: { Note: "a;b" },
    });
  });

  it("the whole-file check reads every row of 100,000 and reports a bad row near the end", async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => `check${i}@example.com;Person ${i};yes`);
    rows[99_997] = "check-broken;Broken;yes";
    rows[99_998] = "check5@example.com;Again;maybe";
    rows[99_999] = "check7@example.com;Again;no";
    const started = performance.now();
    const { status, body } = await post(
      "import/check",
      ["email;name;subscribed", ...rows].join("\n"),
    );
    const ms = performance.now() - started;
    expect(status).toBe(200);
    expect(body).toMatchObject({
      delimiter: ";",
      total_rows: 100_000,
      contacts: 99_997,
      error_count: 2,
      duplicate_count: 1,
      errors: [
        { row: 99_998, message: 'email: "check-broken" is not an email address' },
        { row: 99_999, message: 'subscribed: "maybe" is not true or false' },
      ],
      duplicates: [{ row: 100_000, first_row: 8, email: "check7@example.com" }],
    });
    console.log(`whole-file check of 100,000 rows: ${Math.round(ms)} ms`);
    // A guard against quadratic work, loose enough for a busy 2-core machine (≈ 1 s alone).
    expect(ms).toBeLessThan(20_000);
    // Nothing was imported.
    expect(await contact("check1@example.com")).toBeUndefined();
  });

  it("the check refuses a 16 MiB record (a quote left open) with 422 naming its line, quickly", async () => {
    const started = performance.now();
    const res = await app.api("/v1/contacts/import/check", {
      method: "POST",
      key: project.test,
      rawBody: `email,name\nada@example.com,"Ada${"x".repeat(16 * 1024 * 1024)}`,
      headers: { "content-type": "text/csv" },
    });
    const ms = performance.now() - started;
    expectError(res, 422, "import_record_too_large");
    expect(res.body.error).toMatchObject({
      message: "Line 2 starts a record longer than 1 MiB: is a quote left open?",
      details: [{ path: "lines.2", message: "starts a record longer than 1 MiB" }],
    });
    console.log(`check of a 16 MiB unclosed quote: ${Math.round(ms)} ms`);
    // Was 4.5 s and growing with the square of the size (every block re-read the record).
    expect(ms).toBeLessThan(2_000);
  });

  it('a quote inside an unquoted field (12" pizza) is text, not a record 2 MiB long', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => `pizza${i}@example.com,Slice ${i}`);
    const csv = ["email,note", 'order@example.com,12" pizza', ...rows].join("\n");
    expect(csv.length).toBeGreaterThan(1024 * 1024);
    const res = await rawCheck(csv);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ total_rows: 40_001, contacts: 40_001, error_count: 0 });
  });

  it("the check refuses what the import refuses", async () => {
    expectError(await rawCheck("name,city\nA,B\n"), 422);
    const badMapping = encodeURIComponent(JSON.stringify({ email: "nowhere" }));
    expectError(await rawCheck("email\na@example.com\n", `?mapping=${badMapping}`), 422);
  });
});

async function rawCheck(body: string, query = "") {
  return app.api(`/v1/contacts/import/check${query}`, {
    method: "POST",
    key: project.live,
    rawBody: body,
    headers: { "content-type": "text/csv" },
  });
}

/** The file as a request body arrives: in blocks of 16 KiB (so it is stored in several chunks). */
function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + 16 * 1024));
      at += 16 * 1024;
    },
  });
}
