import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emails, type Email } from "@/db/schema";
import { countContacts } from "@/lib/contacts/count";
import { newId } from "@/lib/core/ids";
import { newTrackingToken } from "@/lib/tracking/token";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";
import { PRODUCERS } from "../../support/producers";

// The producers' module reaches dashboard actions: vi.mock is hoisted above the imports.
vi.mock("@/lib/web/auth", async () => (await import("../../support/dashboard-session")).authMock());
vi.mock("next/headers", async () =>
  (await import("../../support/dashboard-session")).headersMock(),
);
vi.mock("next/cache", async () => (await import("../../support/dashboard-session")).cacheMock());

/**
 * Issue 13 item 5: contact search by part of the email or name, the Emails log's filters, a
 * segment's members paged and exported, and the contacts export following the list's search.
 */
let app: TestApp;
let project: TestProject;
let other: TestProject;

const PEOPLE = [
  { email: "ana.silva@x.test", subscribed: true },
  { email: "a.s@y.test", name: "Ana Silva", subscribed: false },
  { email: "bruno@silvamail.test", name: "Bruno", subscribed: true },
  { email: "carla@z.test", name: "Carla Souza", subscribed: true },
  { email: "pct50%off@z.test", name: "Percent", subscribed: true },
  { email: "under_score@z.test", subscribed: true },
];

beforeAll(async () => {
  app = await startTestApp({ clock: "fake" });
  project = await app.createProject();
  other = await app.createProject({ name: "Other", domain: "other.test" });
  for (const person of PEOPLE) {
    app.clock.advance!(1000);
    const res = await api("/v1/contacts", { method: "POST", body: person });
    expect(res.status, res.text).toBe(201);
  }
  const foreign = await app.api("/v1/contacts", {
    method: "POST",
    key: other.live,
    body: { email: "joao.silva@other.test" },
  });
  expect(foreign.status, foreign.text).toBe(201);
});
afterAll(async () => {
  await app?.close();
});

const api = (path: string, init: Parameters<TestApp["api"]>[1] = {}) =>
  app.api(path, { key: project.live, ...init });

async function contactEmails(query: string) {
  const res = await api(`/v1/contacts?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((c: { email: string }) => c.email);
}

describe(`contact search (${TEST_DRIVER})`, () => {
  it("finds part of an email or a name, in any case, newest first, in this project only", async () => {
    expect(await contactEmails("search=silva")).toEqual([
      "bruno@silvamail.test",
      "a.s@y.test",
      "ana.silva@x.test",
    ]);
    expect(await contactEmails("search=SILVA")).toHaveLength(3);
    expect(await contactEmails("search=Ana%20Silva")).toEqual(["a.s@y.test"]);
    expect(await contactEmails("search=souza")).toEqual(["carla@z.test"]);
    expect(await contactEmails("search=nobody-has-this")).toEqual([]);
  });

  it("combines with the subscribed filter and treats LIKE wildcards as text", async () => {
    expect(await contactEmails("search=silva&subscribed=false")).toEqual(["a.s@y.test"]);
    expect(await contactEmails(`search=${encodeURIComponent("0%o")}`)).toEqual([
      "pct50%off@z.test",
    ]);
    // As wildcards these would match "50%off" and "a.s@y.test"; as text they match nothing.
    expect(await contactEmails(`search=${encodeURIComponent("5%f")}`)).toEqual([]);
    expect(await contactEmails("search=a_s")).toEqual([]);
    expect(await contactEmails("search=r_s")).toEqual(["under_score@z.test"]);
    // Blank is no filter.
    expect(await contactEmails("search=%20%20")).toHaveLength(PEOPLE.length);
  });

  it("keeps keyset paging within the search", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof api>> = await api(
        `/v1/contacts?search=silva&limit=1${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(res.status, res.text).toBe(200);
      seen.push(...res.body.data.map((c: { email: string }) => c.email));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(["bruno@silvamail.test", "a.s@y.test", "ana.silva@x.test"]);
  });

  it("refuses an over-long search with 422", async () => {
    await expectError(await api(`/v1/contacts?search=${"a".repeat(201)}`), 422, "validation_error");
  });

  it("counts matches for the dashboard, exactly or up to a cap", async () => {
    const ctx = app.ctx(project.id);
    expect(await countContacts(ctx, { search: "silva" })).toBe(3);
    expect(await countContacts(ctx, { search: "silva", subscribed: true })).toBe(2);
    // Capped at 1: "more than one" reads as cap + 1.
    expect(await countContacts(ctx, { search: "silva" }, 1)).toBe(2);
    expect(await countContacts(ctx, { search: "souza" }, 1)).toBe(1);
  });
});

describe(`contacts export follows the list (${TEST_DRIVER})`, () => {
  async function exported(query: string) {
    const res = await api(`/v1/contacts/export?${query}`);
    expect(res.status, res.text).toBe(200);
    return (parse(res.text, { columns: true }) as { email: string }[]).map((r) => r.email).sort();
  }

  it("exports only the contacts the search and filter show", async () => {
    expect(await exported("search=silva")).toEqual([
      "a.s@y.test",
      "ana.silva@x.test",
      "bruno@silvamail.test",
    ]);
    expect(await exported("search=silva&subscribed=true")).toEqual([
      "ana.silva@x.test",
      "bruno@silvamail.test",
    ]);
    expect(await exported("")).toHaveLength(PEOPLE.length);
  });
});

describe(`segment members (${TEST_DRIVER})`, () => {
  it("pages through every member and exports them all", async () => {
    const segment = await api("/v1/segments", {
      method: "POST",
      body: {
        name: "Z domain",
        conditions: {
          match: "all",
          rules: [{ field: "email", operator: "ends_with", value: "@z.test" }],
        },
      },
    });
    expect(segment.status, segment.text).toBe(201);
    const members: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Awaited<ReturnType<typeof api>> = await api(
        `/v1/segments/${segment.body.id}/contacts?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(res.status, res.text).toBe(200);
      members.push(...res.body.data.map((c: { email: string }) => c.email));
      cursor = res.body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(members).toEqual(["under_score@z.test", "pct50%off@z.test", "carla@z.test"]);
    const csv = await api(`/v1/contacts/export?segment=${segment.body.id}`);
    expect(csv.status, csv.text).toBe(200);
    const rows = parse(csv.text, { columns: true }) as { email: string }[];
    expect(rows.map((r) => r.email).sort()).toEqual([...members].sort());
  });
});

describe(`emails log filters (${TEST_DRIVER})`, () => {
  let rows: Email[];

  async function insertEmail(values: Partial<Email> & { createdAt: Date }) {
    const [email] = await app.runtime.db
      .insert(emails)
      .values({
        id: newId("em", values.createdAt.getTime()),
        projectId: project.id,
        type: "transactional",
        status: "delivered",
        fromAddress: "hello@mail.test",
        to: "someone@example.com",
        subject: "Hi",
        trackingToken: newTrackingToken(),
        updatedAt: values.createdAt,
        ...values,
      })
      .returning();
    return email!;
  }

  beforeAll(async () => {
    const at = (iso: string) => new Date(iso);
    rows = [
      await insertEmail({ to: "ana.silva@x.test", createdAt: at("2026-05-01T10:00:00.000Z") }),
      await insertEmail({
        to: "bruno@x.test",
        type: "campaign",
        campaignId: "cmp_spring",
        status: "bounced",
        createdAt: at("2026-05-02T23:59:59.999Z"),
      }),
      await insertEmail({
        to: "carla@y.test",
        type: "campaign",
        campaignId: "cmp_summer",
        createdAt: at("2026-05-03T00:00:00.000Z"),
      }),
      await insertEmail({
        to: "ANA@y.test".toLowerCase(),
        type: "automation",
        automationId: "aut_welcome",
        automationRunId: "run_1",
        status: "sent",
        createdAt: at("2026-05-04T08:00:00.000Z"),
      }),
    ];
  });

  async function found(query: string) {
    const res = await api(`/v1/emails?${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data.map((e: { to: string }) => e.to);
  }

  it("searches by part of the recipient, any case", async () => {
    expect(await found("search=ANA")).toEqual(["ana@y.test", "ana.silva@x.test"]);
    expect(await found("search=%40x.test")).toEqual(["bruno@x.test", "ana.silva@x.test"]);
  });

  it("filters by campaign, automation, type and status", async () => {
    expect(await found("campaign=cmp_spring")).toEqual(["bruno@x.test"]);
    expect(await found("automation=aut_welcome")).toEqual(["ana@y.test"]);
    expect(await found("type=campaign")).toEqual(["carla@y.test", "bruno@x.test"]);
    expect(await found("status=bounced")).toEqual(["bruno@x.test"]);
    expect(await found("type=campaign&status=delivered")).toEqual(["carla@y.test"]);
  });

  it("filters by creation date: whole UTC days, both ends included, or exact timestamps", async () => {
    expect(await found("since=2026-05-02&until=2026-05-03")).toEqual([
      "carla@y.test",
      "bruno@x.test",
    ]);
    expect(await found("until=2026-05-02")).toEqual(["bruno@x.test", "ana.silva@x.test"]);
    expect(await found("since=2026-05-03T00:00:00.000Z")).toEqual(["ana@y.test", "carla@y.test"]);
    expect(await found("until=2026-05-02T23:59:59.998Z")).toEqual(["ana.silva@x.test"]);
    await expectError(await api("/v1/emails?since=yesterday"), 422, "validation_error");
    await expectError(await api("/v1/emails?until=2026-13-45"), 422, "validation_error");
  });

  it("pages within a filter and never shows another project's emails", async () => {
    const first = await api("/v1/emails?search=test&limit=3");
    expect(first.body.data).toHaveLength(3);
    const next = await api(`/v1/emails?search=test&limit=3&cursor=${first.body.next_cursor}`);
    expect(next.body.data.map((e: { id: string }) => e.id)).toEqual([rows[0]!.id]);
    const foreign = await app.api("/v1/emails?campaign=cmp_spring", { key: other.live });
    expect(foreign.body.data).toEqual([]);
  });
});

describe(`automation emails carry their automation (${TEST_DRIVER})`, () => {
  it("an automation's email is found by the automation filter", async () => {
    const scene = {
      app,
      project: await app.createProject({ name: "Auto", domain: "auto.test" }),
      templateId: "",
      to: "flow@example.com",
      received: [],
    };
    const template = await app.api("/v1/templates", {
      method: "POST",
      key: scene.project.live,
      body: { name: "Hello", format: "html", subject: "Hi", source: "<p>Hi {{first_name}}</p>" },
    });
    expect(template.status, template.text).toBe(201);
    scene.templateId = template.body.id;
    const contact = await app.api("/v1/contacts", {
      method: "POST",
      key: scene.project.live,
      body: { email: scene.to },
    });
    expect(contact.status, contact.text).toBe(201);
    await PRODUCERS.find((p) => p.name === "automation")!.produce(scene, "live");
    const automation = (await app.api("/v1/automations", { key: scene.project.live })).body.data[0];
    const listed = await app.api(`/v1/emails?automation=${automation.id}`, {
      key: scene.project.live,
    });
    expect(listed.body.data.map((e: { to: string }) => e.to)).toEqual([scene.to]);
  });
});
