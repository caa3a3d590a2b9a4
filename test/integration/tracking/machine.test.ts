import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailEvents, emails, webhookDeliveries } from "@/db/schema";
import { linkSigningKey } from "@/lib/tracking/key";
import { signLink } from "@/lib/tracking/signature";
import { insertDeliveredEmail, PERSON_USER_AGENT } from "../../support/emails";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

/**
 * Opens and clicks through the real tracking routes, each recorded with whether a machine made
 * it (DECISIONS §14): the event's data, the email's human counters and the webhooks.
 */
let app: TestApp;
let project: TestProject;
let signingKey: string;

beforeAll(async () => {
  app = await startTestApp({ clock: "fake", env: { TRUST_PROXY: "1" } });
  project = await app.createProject();
  signingKey = await linkSigningKey(app.runtime);
  const hook = await app.api("/v1/webhooks", {
    method: "POST",
    key: project.live,
    body: { url: "https://hooks.example.com/mw", events: ["email.opened", "email.clicked"] },
  });
  expect(hook.status, hook.text).toBe(201);
});
afterAll(() => app?.close());

const GMAIL_PROXY =
  "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)";
const SECOND = 1000;

type Load = { method?: string; address?: string; userAgent?: string };

const open = (token: string, { method = "GET", address = "198.51.100.1", userAgent }: Load) =>
  fetch(`${app.baseUrl}/api/t/o/${token}.gif`, {
    method,
    headers: {
      "x-forwarded-for": address,
      ...(userAgent !== undefined && { "user-agent": userAgent }),
    },
  });

function click(token: string, url: string, load: Load = {}) {
  const { method = "GET", address = "198.51.100.1", userAgent = PERSON_USER_AGENT } = load;
  const query = `u=${encodeURIComponent(url)}&s=${signLink(signingKey, token, url)}`;
  return fetch(`${app.baseUrl}/api/t/c/${token}?${query}`, {
    method,
    redirect: "manual",
    headers: { "x-forwarded-for": address, "user-agent": userAgent },
  });
}

async function countersOf(id: string) {
  const [row] = await app.runtime.db
    .select({
      opens: emails.opens,
      clicks: emails.clicks,
      humanOpens: emails.humanOpens,
      humanClicks: emails.humanClicks,
    })
    .from(emails)
    .where(eq(emails.id, id));
  return row!;
}

async function verdicts(id: string, type: "opened" | "clicked") {
  const rows = await app.runtime.db
    .select({ data: emailEvents.data })
    .from(emailEvents)
    .where(and(eq(emailEvents.emailId, id), eq(emailEvents.type, type)))
    .orderBy(asc(emailEvents.createdAt), asc(emailEvents.id));
  return rows.map((r) => ({ machine: r.data.machine, reason: r.data.reason }));
}

/** `data.machine` of each webhook about the email, oldest first. */
async function webhookMachines(id: string, type: "email.opened" | "email.clicked") {
  const rows = await app.runtime.db
    .select({ payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.projectId, project.id), eq(webhookDeliveries.eventType, type)))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
  return rows
    .map((r) => JSON.parse(r.payload) as { data: { id: string; machine: boolean } })
    .filter((p) => p.data.id === id)
    .map((p) => p.data.machine);
}

describe(`machine opens and clicks (${TEST_DRIVER})`, () => {
  it("a HEAD of the pixel is a machine's open, answered as a GET is", async () => {
    const email = await insertDeliveredEmail(app, project.id);
    const head = await open(email.trackingToken, {
      method: "HEAD",
      address: "198.51.100.2",
      userAgent: PERSON_USER_AGENT,
    });
    app.clock.advance!(SECOND);
    const get = await open(email.trackingToken, { userAgent: PERSON_USER_AGENT });
    expect(head.status).toBe(200);
    for (const header of ["content-type", "content-length", "cache-control"]) {
      expect(head.headers.get(header), header).toBe(get.headers.get(header));
    }
    expect(await verdicts(email.id, "opened")).toEqual([
      { machine: true, reason: "head_request" },
      { machine: false, reason: null },
    ]);
    expect(await countersOf(email.id)).toMatchObject({ opens: 2, humanOpens: 1 });
    expect(await webhookMachines(email.id, "email.opened")).toEqual([true, false]);
  });

  it("a machine's load does not hide a person's from the same client in the window", async () => {
    const email = await insertDeliveredEmail(app, project.id);
    const client = { address: "198.51.100.4", userAgent: PERSON_USER_AGENT };
    await open(email.trackingToken, { ...client, method: "HEAD" });
    app.clock.advance!(SECOND);
    await open(email.trackingToken, client);
    app.clock.advance!(SECOND);
    await open(email.trackingToken, { ...client, method: "HEAD" });
    await open(email.trackingToken, client);
    expect(await verdicts(email.id, "opened")).toEqual([
      { machine: true, reason: "head_request" },
      { machine: false, reason: null },
    ]);
    expect(await countersOf(email.id)).toMatchObject({ opens: 2, humanOpens: 1 });
  });

  it("exactly Mozilla/5.0 (Apple's prefetch) and no user agent are machines", async () => {
    const email = await insertDeliveredEmail(app, project.id);
    await open(email.trackingToken, { userAgent: "Mozilla/5.0" });
    app.clock.advance!(SECOND);
    // Node's fetch would say `node` without one: an empty header is what a client sends.
    await open(email.trackingToken, { address: "198.51.100.3", userAgent: "" });
    expect(await verdicts(email.id, "opened")).toEqual([
      { machine: true, reason: "apple_mpp_prefetch" },
      { machine: true, reason: "empty_user_agent" },
    ]);
    expect(await countersOf(email.id)).toMatchObject({ opens: 2, humanOpens: 0 });
    expect(await webhookMachines(email.id, "email.opened")).toEqual([true, true]);
  });

  it("Gmail's image proxy opening for the reader is a person", async () => {
    const email = await insertDeliveredEmail(app, project.id);
    await open(email.trackingToken, { userAgent: GMAIL_PROXY });
    expect(await verdicts(email.id, "opened")).toEqual([{ machine: false, reason: null }]);
    expect(await countersOf(email.id)).toMatchObject({ opens: 1, humanOpens: 1 });
    expect(await webhookMachines(email.id, "email.opened")).toEqual([false]);
  });

  it("a click less than 10 s after delivery is a machine; one after it a person", async () => {
    const email = await insertDeliveredEmail(app, project.id);
    const url = "https://example.com/offer";
    app.clock.advance!(9 * SECOND);
    const early = await click(email.trackingToken, url);
    expect(early.status).toBe(302);
    expect(early.headers.get("location")).toBe(url);
    app.clock.advance!(1 * SECOND);
    const late = await click(email.trackingToken, url);
    expect(late.headers.get("location")).toBe(url);
    expect(await verdicts(email.id, "clicked")).toEqual([
      { machine: true, reason: "click_before_10s" },
      { machine: false, reason: null },
    ]);
    expect(await countersOf(email.id)).toMatchObject({ clicks: 2, humanClicks: 1 });
    expect(await webhookMachines(email.id, "email.clicked")).toEqual([true, false]);
  });

  it("a HEAD or a scanner's click redirects as a person's does, and is a machine's", async () => {
    const email = await insertDeliveredEmail(app, project.id);
    app.clock.advance!(60 * SECOND);
    const url = "https://example.com/terms";
    const head = await click(email.trackingToken, url, { method: "HEAD" });
    app.clock.advance!(10 * SECOND);
    const scanner = await click(email.trackingToken, url, {
      address: "198.51.100.9",
      userAgent:
        "Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/534+ (KHTML, like Gecko) BingPreview/1.0b",
    });
    for (const response of [head, scanner]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(url);
    }
    expect(await verdicts(email.id, "clicked")).toEqual([
      { machine: true, reason: "head_request" },
      { machine: true, reason: "scanner:microsoft_defender" },
    ]);
    expect(await countersOf(email.id)).toMatchObject({ clicks: 2, humanClicks: 0 });
  });

  it("different links clicked by one client less than 5 s apart are all machines", async () => {
    const email = await insertDeliveredEmail(app, project.id);
    app.clock.advance!(60 * SECOND);
    await click(email.trackingToken, "https://example.com/a");
    // Another client, at about the same moment: not part of the burst.
    app.clock.advance!(100);
    await click(email.trackingToken, "https://example.com/a", { address: "198.51.100.7" });
    expect(await countersOf(email.id)).toMatchObject({ clicks: 2, humanClicks: 2 });
    app.clock.advance!(4.8 * SECOND);
    await click(email.trackingToken, "https://example.com/b");
    expect(await verdicts(email.id, "clicked")).toEqual([
      { machine: true, reason: "link_burst" },
      { machine: false, reason: null },
      { machine: true, reason: "link_burst" },
    ]);
    expect(await countersOf(email.id)).toMatchObject({ clicks: 3, humanClicks: 1 });
    // The first click's webhook had gone out as a person's: it cannot be recalled.
    expect(await webhookMachines(email.id, "email.clicked")).toEqual([false, false, true]);

    // Later clicks of the burst join it.
    app.clock.advance!(3 * SECOND);
    await click(email.trackingToken, "https://example.com/c");
    expect((await verdicts(email.id, "clicked"))[3]).toEqual({
      machine: true,
      reason: "link_burst",
    });
    expect(await countersOf(email.id)).toMatchObject({ clicks: 4, humanClicks: 1 });
  });

  it("the same link again, or another link 5 s later, is not a burst", async () => {
    const email = await insertDeliveredEmail(app, project.id);
    app.clock.advance!(60 * SECOND);
    await click(email.trackingToken, "https://example.com/a");
    app.clock.advance!(1 * SECOND);
    await click(email.trackingToken, "https://example.com/a");
    app.clock.advance!(5 * SECOND);
    await click(email.trackingToken, "https://example.com/b");
    expect((await verdicts(email.id, "clicked")).every((v) => !v.machine)).toBe(true);
    expect(await countersOf(email.id)).toMatchObject({ clicks: 3, humanClicks: 3 });
  });
});
