import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";
import { waitFor } from "../../support/smtp-server";

/** DECISIONS §13: topic choices travel through imports (CSV columns, NDJSON `topics`) and exports. */
let app: TestApp;
let project: TestProject;
let news: string;
let offers: string;

beforeAll(async () => {
  app = await startTestApp({ worker: "embedded" });
  project = await app.createProject();
  const topic = async (name: string) =>
    (await app.api("/v1/topics", { method: "POST", key: project.live, body: { name } })).body
      .id as string;
  news = await topic("News");
  offers = await topic("Offers");
});
afterAll(() => app?.close());

async function imported(body: string, contentType: string, query = "") {
  const response = await fetch(`${app.baseUrl}/api/v1/contacts/import${query}`, {
    method: "POST",
    headers: { authorization: `Bearer ${project.live}`, "content-type": contentType },
    body,
  });
  const started = await response.json();
  expect(response.status, JSON.stringify(started)).toBe(202);
  return waitFor(
    async () => {
      const res = await app.api(`/v1/contacts/imports/${started.id}`, { key: project.live });
      return res.body.status === "completed" ? res.body : null;
    },
    30_000,
    "import completed",
  );
}

async function topicsOf(email: string) {
  const contact = (
    await app.api(`/v1/contacts?email=${encodeURIComponent(email)}`, { key: project.live })
  ).body.data[0];
  const list = await app.api(`/v1/contacts/${contact.id}/topics`, { key: project.live });
  return Object.fromEntries(
    list.body.data.map((t: { name: string; subscription: string; explicit: boolean }) => [
      t.name,
      t.explicit ? t.subscription : "default",
    ]),
  );
}

describe(`topics in imports and exports (${TEST_DRIVER})`, () => {
  it("a CSV's topic:<name> columns set the choices; empty cells leave them; bad cells are row errors", async () => {
    const result = await imported(
      [
        "email,topic:News,topic:offers",
        "ada@example.com,opt_in,no",
        "bob@example.com,,yes",
        "cid@example.com,perhaps,",
        "",
      ].join("\n"),
      "text/csv",
    );
    expect(result).toMatchObject({
      created: 2,
      errors: [{ row: 3, message: 'topic:News: "perhaps" is not opt_in or opt_out' }],
    });
    expect(await topicsOf("ada@example.com")).toEqual({ News: "opt_in", Offers: "opt_out" });
    expect(await topicsOf("bob@example.com")).toEqual({ News: "default", Offers: "opt_in" });
  });

  it("NDJSON rows take the upsert's topics array; an unknown topic is that row's error", async () => {
    const result = await imported(
      [
        JSON.stringify({
          email: "dee@example.com",
          topics: [{ id: news, subscription: "opt_out" }],
        }),
        JSON.stringify({
          email: "eve@example.com",
          topics: [{ id: "tp_gone", subscription: "opt_in" }],
        }),
        JSON.stringify({
          email: "fay@example.com",
          topics: [{ id: offers, subscription: "never" }],
        }),
      ].join("\n"),
      "application/x-ndjson",
    );
    expect(result).toMatchObject({ created: 1 });
    expect(result.errors).toEqual([
      { row: 2, message: "topics: tp_gone is not a topic of this project" },
      { row: 3, message: "topics[0][subscription]: must be opt_in or opt_out" },
    ]);
    expect(await topicsOf("dee@example.com")).toEqual({ News: "opt_out", Offers: "default" });
  });

  it("a mapping to a topic that is not the project's is refused before anything is stored", async () => {
    const response = await fetch(
      `${app.baseUrl}/api/v1/contacts/import?mapping=${encodeURIComponent(JSON.stringify({ t: "topic.tp_nope" }))}`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${project.live}`, "content-type": "text/csv" },
        body: "email,t\nx@example.com,yes\n",
      },
    );
    const body = await response.json();
    await expectError({ status: response.status, body, headers: response.headers, text: "" }, 422);
    expect(body.error.details[0].path).toBe("mapping.t");
  });

  it("the export writes one column per topic, and it imports back by name", async () => {
    const csv = await (
      await fetch(`${app.baseUrl}/api/v1/contacts/export`, {
        headers: { authorization: `Bearer ${project.live}` },
      })
    ).text();
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toBe("email,name,subscribed,source,created_at,topic:News,topic:Offers");
    const ada = rows.find((r) => r.startsWith("ada@example.com"))!;
    expect(ada.split(",").slice(-2)).toEqual(["opt_in", "opt_out"]);
    const bob = rows.find((r) => r.startsWith("bob@example.com"))!;
    // No choice: the default (opt_in) is what the contact gets, and what the file says.
    expect(bob.split(",").slice(-2)).toEqual(["opt_in", "opt_in"]);

    const flipped = csv.replace(
      /^ada@example\.com(.*),opt_in,opt_out$/m,
      "ada@example.com$1,opt_out,opt_in",
    );
    await imported(flipped, "text/csv");
    expect(await topicsOf("ada@example.com")).toEqual({ News: "opt_out", Offers: "opt_in" });
  });
});
