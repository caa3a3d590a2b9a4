import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

/**
 * Issue 10 item 5: exported cells (and header cells from data keys) that a spreadsheet would run
 * as formulas are neutralised with a leading single quote, and importing the export gives back
 * the stored values (the import strips exactly that quote).
 */
let app: TestApp;
let project: TestProject;

const HOSTILE = {
  '=HYPERLINK("http://evil")': "header",
  formula: "=1+1",
  plus: "+cmd|' /C calc'!A0",
  minus: "-2+3",
  at: "@SUM(A1)",
  tab: "\tx",
  cr: "\rx",
  quoted: "'=already",
  negative: "-5",
  plain: "hello",
};

beforeAll(async () => {
  app = await startTestApp({ clock: "fake" });
  project = await app.createProject();
  const res = await app.api("/v1/contacts", {
    method: "POST",
    key: project.live,
    body: { email: "-x@example.com", name: "=Evil()", data: HOSTILE },
  });
  expect(res.status, res.text).toBe(201);
});
afterAll(async () => {
  await app?.close();
});

async function exportCsv(key: string) {
  const response = await fetch(`${app.baseUrl}/api/v1/contacts/export`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(response.status).toBe(200);
  return response.text();
}

describe(`CSV export neutralises formulas (${TEST_DRIVER})`, () => {
  it("prefixes formula cells and header cells with a quote and quotes them", async () => {
    const text = await exportCsv(project.live);
    const [header, row] = parse(text) as string[][];
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(header).toContain(`'=HYPERLINK("http://evil")`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(row![0]).toBe("'-x@example.com");
    expect(row![1]).toBe("'=Evil()");
    expect(cell("formula")).toBe("'=1+1");
    expect(cell("plus")).toBe("'+cmd|' /C calc'!A0");
    expect(cell("minus")).toBe("'-2+3");
    expect(cell("at")).toBe("'@SUM(A1)");
    expect(cell("tab")).toBe("'\tx");
    expect(cell("cr")).toBe("'\rx");
    expect(cell("quoted")).toBe("''=already");
    // Numbers are not formulas; ordinary text is untouched.
    expect(cell("negative")).toBe("-5");
    expect(cell("plain")).toBe("hello");
    expect(text).toContain(`"'=1+1"`);
  });

  it("imports its own export back to the same values", async () => {
    const text = await exportCsv(project.live);
    const other = await app.createProject({ name: "Round trip", domain: "rt.test" });
    const response = await fetch(`${app.baseUrl}/api/v1/contacts/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${other.live}`, "content-type": "text/csv" },
      body: text,
    });
    const job = await response.json();
    expect(response.status, JSON.stringify(job)).toBe(200);
    expect(job).toMatchObject({ status: "completed", created: 1, error_count: 0 });
    const listed = await app.api("/v1/contacts", { key: other.live });
    const contact = listed.body.data[0];
    expect(contact.email).toBe("-x@example.com");
    expect(contact.name).toBe("=Evil()");
    // Exactly: the escaping quote also keeps a leading tab or CR from being trimmed away.
    expect(contact.data).toMatchObject(HOSTILE);
  });
});
