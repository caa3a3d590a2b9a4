import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, emails, events } from "@/db/schema";
import { SUBSCRIPTION_EVENTS } from "@/lib/contacts/subscription-events";
import { newId } from "@/lib/core/ids";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

/** The hosted unsubscribe page: one-click, the page's buttons, and Resubscribe. */
let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  app = await startTestApp();
  project = await app.createProject({ name: "Acme <News>" });
});
afterAll(() => app?.close());

/** A contact and a marketing email to it carrying an unsubscribe token. */
async function marketingEmail(address: string) {
  const created = await app.api("/v1/contacts", {
    method: "POST",
    key: project.live,
    body: { email: address },
  });
  expect(created.status, created.text).toBe(201);
  const token = newId("evt").replace(/\W/g, "").padEnd(32, "x").slice(0, 32);
  await app.runtime.db.insert(emails).values({
    id: newId("em"),
    projectId: project.id,
    type: "campaign",
    status: "delivered",
    fromAddress: "news@acme.test",
    to: address,
    subject: "News",
    contactId: created.body.id,
    trackingToken: `t${token}`,
    unsubscribeToken: token,
  });
  return { contactId: created.body.id as string, url: `${app.baseUrl}/u/${token}` };
}

const subscribedOf = async (contactId: string) =>
  (await app.runtime.db.select().from(contacts).where(eq(contacts.id, contactId)))[0]!.subscribed;

const changesOf = async (contactId: string) =>
  (
    await app.runtime.db
      .select({ name: events.name, data: events.data })
      .from(events)
      .where(and(eq(events.projectId, project.id), eq(events.contactId, contactId)))
      .orderBy(events.createdAt, events.id)
  ).map((e) => e.name);

const form = (body: string, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  body,
  redirect: "manual" as const,
});

describe(`hosted unsubscribe page (${TEST_DRIVER})`, () => {
  it("unsubscribes in one click, then resubscribes from the page; each change recorded once", async () => {
    const { contactId, url } = await marketingEmail("reader@example.com");
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Unsubscribe from Acme &lt;News&gt;?");
    expect(html).toContain("reader@example.com");

    const oneClick = await fetch(url, form("List-Unsubscribe=One-Click"));
    expect(oneClick.status).toBe(200);
    expect(oneClick.headers.get("location")).toBeNull();
    expect(await oneClick.text()).toContain("You're unsubscribed from Acme &lt;News&gt;");
    await fetch(url, form("List-Unsubscribe=One-Click"));
    expect(await subscribedOf(contactId)).toBe(false);

    // Opening the link again offers the way back.
    const again = await (await fetch(url)).text();
    expect(again).toContain('name="action" value="resubscribe"');

    const back = await fetch(url, form("action=resubscribe", { "sec-fetch-site": "same-origin" }));
    expect(back.status).toBe(200);
    expect(await back.text()).toContain("You're subscribed to Acme &lt;News&gt; again");
    expect(await subscribedOf(contactId)).toBe(true);
    await fetch(url, form("action=resubscribe"));
    expect(await changesOf(contactId)).toEqual([
      SUBSCRIPTION_EVENTS.unsubscribed,
      SUBSCRIPTION_EVENTS.resubscribed,
    ]);
    expect((await (await fetch(url)).text()).includes("Unsubscribe from")).toBe(true);
  });

  it("refuses a resubscribe posted from another site (CSRF) and changes nothing", async () => {
    const { contactId, url } = await marketingEmail("cautious@example.com");
    await fetch(url, form("List-Unsubscribe=One-Click"));
    for (const site of ["cross-site", "same-site"]) {
      const forged = await fetch(url, form("action=resubscribe", { "sec-fetch-site": site }));
      expect(forged.status).toBe(403);
    }
    expect(await subscribedOf(contactId)).toBe(false);
    expect(await changesOf(contactId)).toEqual([SUBSCRIPTION_EVENTS.unsubscribed]);
  });

  it("is self-contained under the strict policy; an unknown token is a 404 either way", async () => {
    const { url } = await marketingEmail("strict@example.com");
    const page = await fetch(url);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    // Nothing to load: no external or relative resources, no scripts.
    expect(await page.text()).not.toMatch(/<script|<link|\ssrc=|url\(/i);
    const unknown = `${app.baseUrl}/u/not-a-real-token-at-all-000000000`;
    expect((await fetch(unknown, form("action=resubscribe"))).status).toBe(404);
    expect((await fetch(unknown, form("List-Unsubscribe=One-Click"))).status).toBe(404);
  });
});
