import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceContext, type ServiceContext } from "@/lib/core/context";
import { apiKeyUsage } from "@/lib/api-keys/usage";
import { contactTotals, countContacts } from "@/lib/contacts/count";
import { listContactTimeline } from "@/lib/events/contact-timeline";
import { startTestApp, type TestApp, type TestProject } from "../../support/app";

let app: TestApp;
let project: TestProject;
let other: TestProject;
let ctx: ServiceContext;
let otherCtx: ServiceContext;

beforeAll(async () => {
  app = await startTestApp();
  project = await app.createProject();
  other = await app.createProject({ name: "Other" });
  ctx = serviceContext(app.runtime, project.id);
  otherCtx = serviceContext(app.runtime, other.id);
});
afterAll(() => app?.close());

const post = async (path: string, body: unknown, key = project.live) => {
  const response = await app.api(path, { method: "POST", key, body });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string };
};

describe(`dashboard data services (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("lists one contact's events newest first, paged, and nobody else's", async () => {
    const ada = await post("/v1/contacts", { email: "ada@example.com" });
    const bob = await post("/v1/contacts", { email: "bob@example.com" });
    for (const name of ["one", "two", "three"]) {
      await post("/v1/events", { name, email: "ada@example.com", data: { step: name } });
    }
    await post("/v1/events", { name: "bob.only", email: "bob@example.com" });
    await post("/v1/events", { name: "anonymous" });
    // Same email in another project: a different contact, invisible here.
    await post("/v1/contacts", { email: "ada@example.com" }, other.live);
    await post("/v1/events", { name: "elsewhere", email: "ada@example.com" }, other.live);

    const first = await listContactTimeline(ctx, ada.id, { limit: 2 });
    expect(first.data.map((e) => e.name)).toEqual(["three", "two"]);
    expect(first.data[0]).toMatchObject({ contact_id: ada.id, data: { step: "three" } });
    expect(first.has_more).toBe(true);

    const second = await listContactTimeline(ctx, ada.id, { limit: 2, cursor: first.next_cursor! });
    expect(second.data.map((e) => e.name)).toEqual(["one"]);
    expect(second).toMatchObject({ has_more: false, next_cursor: null });

    const bobs = await listContactTimeline(ctx, bob.id, {});
    expect(bobs.data.map((e) => e.name)).toEqual(["bob.only"]);

    // A cursor is bound to its contact and project.
    await expect(
      listContactTimeline(ctx, bob.id, { limit: 2, cursor: first.next_cursor! }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      listContactTimeline(otherCtx, ada.id, { cursor: first.next_cursor! }),
    ).rejects.toMatchObject({ status: 422 });
    expect((await listContactTimeline(otherCtx, ada.id, {})).data).toEqual([]);
  });

  it("counts contacts per project, with the contacts page filters", async () => {
    const fresh = await app.createProject({ name: "Counting" });
    const freshCtx = serviceContext(app.runtime, fresh.id);
    expect(await contactTotals(freshCtx)).toEqual({ total: 0, subscribed: 0, unsubscribed: 0 });

    await post("/v1/contacts", { email: "a@example.com" }, fresh.live);
    await post("/v1/contacts", { email: "b@example.com", subscribed: false }, fresh.live);
    await post("/v1/contacts", { email: "c@example.com" }, fresh.live);

    expect(await contactTotals(freshCtx)).toEqual({ total: 3, subscribed: 2, unsubscribed: 1 });
    expect(await countContacts(freshCtx, {})).toBe(3);
    expect(await countContacts(freshCtx, { subscribed: false })).toBe(1);
    expect(await countContacts(freshCtx, { email: " B@Example.COM " })).toBe(1);
    expect(await countContacts(freshCtx, { email: "b@example.com", subscribed: true })).toBe(0);
  });

  it("reports active keys and whether one has been used", async () => {
    const fresh = await app.createProject({ name: "Keys" });
    const freshCtx = serviceContext(app.runtime, fresh.id);
    expect(await apiKeyUsage(freshCtx)).toEqual({ active: 2, used: 0 });
    await app.api("/v1/contacts", { key: fresh.test });
    await expect.poll(async () => (await apiKeyUsage(freshCtx)).used).toBe(1);
  });
});
