import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactImportChunks, contactImports } from "@/db/schema";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";
import { waitFor } from "../../support/smtp-server";

/** CSV and NDJSON imports through the API (stored, then imported by the worker), and export. */
let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  app = await startTestApp({ worker: "embedded", env: { AUTOMATION_POLL_MS: "100" } });
  project = await app.createProject();
});
afterAll(async () => {
  await app?.close();
});

async function upload(body: string, contentType: string, query = "") {
  const response = await fetch(`${app.baseUrl}/api/v1/contacts/import${query}`, {
    method: "POST",
    headers: { authorization: `Bearer ${project.live}`, "content-type": contentType },
    body,
  });
  return { status: response.status, body: await response.json() };
}

async function finished(id: string) {
  return waitFor(
    async () => {
      const res = await app.api(`/v1/contacts/imports/${id}`, { key: project.live });
      return res.body.status === "completed" ? res.body : null;
    },
    30_000,
    "import completed",
  );
}

const importsOfProject = () =>
  app.runtime.db
    .select({ id: contactImports.id })
    .from(contactImports)
    .where(eq(contactImports.projectId, project.id));

const contact = async (email: string) =>
  (await app.api(`/v1/contacts?email=${encodeURIComponent(email)}`, { key: project.live })).body
    .data[0];

describe(`contact import and export (${TEST_DRIVER})`, () => {
  it("imports a CSV: upserts by email, maps columns, reports bad rows with their row numbers", async () => {
    await app.api("/v1/contacts", {
      method: "POST",
      key: project.live,
      body: { email: "existing@example.com", name: "Old", data: { keep: "yes" } },
    });
    const csv = [
      "Email,Name,Plan,Subscribed",
      "ada@example.com,Ada Lovelace,pro,yes",
      'grace@example.com,"Hopper, Grace","multi',
      'line",true',
      "not-an-email,Nobody,free,",
      "alan@example.com,Alan,free,maybe",
      "EXISTING@example.com,New name,team,",
      "ada@example.com,Ada L.,pro,no",
      "",
    ].join("\n");
    const started = await upload(csv, "text/csv");
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      id: expect.stringMatching(/^imp_/),
      format: "csv",
      total_rows: 6,
      columns: ["Email", "Name", "Plan", "Subscribed"],
      mapping: { Email: "email", Name: "name", Plan: "data.Plan", Subscribed: "subscribed" },
    });
    const done = await finished(started.body.id);
    expect(done).toMatchObject({ processed_rows: 6, created: 2, updated: 1, error_count: 2 });
    expect(done.errors).toEqual([
      { row: 3, message: 'email: "not-an-email" is not an email address' },
      { row: 4, message: 'subscribed: "maybe" is not true or false' },
    ]);
    expect(await contact("ada@example.com")).toMatchObject({
      name: "Ada L.",
      subscribed: false,
      source: "import",
      data: { Plan: "pro" },
    });
    expect((await contact("grace@example.com")).data).toEqual({ Plan: "multi\nline" });
    expect(await contact("existing@example.com")).toMatchObject({
      name: "New name",
      data: { keep: "yes", Plan: "team" },
    });
  });

  it("imports NDJSON and honours a column mapping for CSV", async () => {
    const ndjson = [
      '{"email":"nd1@example.com","name":"One","data":{"tier":2}}',
      "{not json",
      '{"email":"nd2@example.com","subscribed":false}',
    ].join("\n");
    const nd = await upload(ndjson, "application/x-ndjson");
    const ndDone = await finished(nd.body.id);
    expect(ndDone).toMatchObject({
      created: 2,
      error_count: 1,
      errors: [{ row: 2, message: "not valid JSON" }],
    });
    expect((await contact("nd1@example.com")).data).toEqual({ tier: 2 });

    const mapping = encodeURIComponent(JSON.stringify({ "E-post": "email", Notes: "ignore" }));
    const mapped = await upload(
      "E-post,Notes,City\nmap@example.com,secret,Oslo\n",
      "text/csv",
      `?mapping=${mapping}`,
    );
    await finished(mapped.body.id);
    expect((await contact("map@example.com")).data).toEqual({ City: "Oslo" });
  });

  it("streams a large file in chunks, and new subscribed contacts enter contact.subscribed automations", async () => {
    const automation = await app.api("/v1/automations", {
      method: "POST",
      key: project.live,
      body: { name: "Welcome", steps: [{ type: "delay", delayMinutes: 60 }] },
    });
    await app.api(`/v1/automations/${automation.body.id}`, {
      method: "PATCH",
      key: project.live,
      body: { status: "live" },
    });
    const rows = Array.from(
      { length: 16_000 },
      (_, i) =>
        `bulk${i}@example.com,"Bulk ${i}","note with a comma, and ""quotes""",${i % 10 === 0 ? "no" : "yes"}`,
    );
    const started = await upload(["email,name,note,subscribed", ...rows].join("\n"), "text/csv");
    expect(started.body.total_rows).toBe(16_000);
    const done = await finished(started.body.id);
    expect(done).toMatchObject({ processed_rows: 16_000, created: 16_000, error_count: 0 });
    const runs = await waitFor(
      async () => {
        const stats = (
          await app.api(`/v1/automations/${automation.body.id}`, { key: project.live })
        ).body.stats;
        return stats.runs.total === 14_400 ? stats : null;
      },
      30_000,
      "14,400 enrolled",
    );
    expect(runs.runs.total).toBe(14_400);
  }, 90_000);

  it("refuses an upload with a record over 1 MiB (422) and records the import as failed with why", async () => {
    const before = await importsOfProject();
    const file = `email,name\nok@example.com,Ok\nada@example.com,"Ada${"x".repeat(16 * 1024 * 1024)}`;
    const res = await app.api("/v1/contacts/import", {
      method: "POST",
      key: project.test,
      rawBody: file,
      headers: { "content-type": "text/csv" },
    });
    expectError(res, 422, "import_record_too_large");
    expect(res.body.error.message).toBe(
      "Line 3 starts a record longer than 1 MiB: is a quote left open?",
    );
    const [failed, ...others] = (await importsOfProject()).filter(
      (row) => !before.some((b) => b.id === row.id),
    );
    expect(others).toEqual([]);
    const stored = await app.api(`/v1/contacts/imports/${failed!.id}`, { key: project.live });
    expect(stored.body).toMatchObject({
      status: "failed",
      errors: [{ row: 0, message: res.body.error.message }],
    });
    // Nothing of it is kept or imported.
    const chunks = await app.runtime.db
      .select({ seq: contactImportChunks.seq })
      .from(contactImportChunks)
      .where(eq(contactImportChunks.importId, failed!.id));
    expect(chunks).toEqual([]);
    expect(await contact("ok@example.com")).toBeUndefined();
  });

  it("rejects a file without an email column or of an unknown type", async () => {
    const noEmail = await upload("name,city\nA,B\n", "text/csv");
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.error.details[0].path).toBe("mapping");
    const unknown = await upload("x", "application/pdf");
    expect(unknown.status).toBe(422);
    expectError(await app.api("/v1/contacts/imports/imp_missing", { key: project.live }), 404);
  });

  it("exports contacts as CSV, all or a segment, with one column per custom field", async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/contacts/export?subscribed=false`, {
      headers: { authorization: `Bearer ${project.live}` },
    });
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await response.text()).trim().split("\r\n");
    // Custom-field columns are those of the exported contacts.
    expect(lines[0]).toBe("email,name,subscribed,source,created_at,Plan,note");
    expect(lines.some((l) => l.startsWith("ada@example.com,Ada L.,false,import,"))).toBe(true);
    expect(lines).toHaveLength(1 + 1600 + 2);
    const missing = await app.api("/v1/contacts/export?segment=seg_missing", { key: project.live });
    expectError(missing, 404);
  });
});
