import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailEvents, emails } from "@/db/schema";
import { trackingInstrumenter } from "@/lib/tracking/email-instrumenter";
import { linkSigningKey } from "@/lib/tracking/key";
import { signLink } from "@/lib/tracking/signature";
import { newTrackingToken } from "@/lib/tracking/token";
import { insertDeliveredEmail } from "../../support/emails";
import { startTestApp, type TestApp, type TestProject } from "../../support/app";

let app: TestApp;
let project: TestProject;
let signingKey: string;

beforeAll(async () => {
  app = await startTestApp();
  project = await app.createProject();
  signingKey = await linkSigningKey(app.runtime);
});
afterAll(() => app?.close());

const insertEmail = () => insertDeliveredEmail(app, project.id);

async function counters(id: string) {
  const [row] = await app.runtime.db
    .select({ opens: emails.opens, clicks: emails.clicks, status: emails.status })
    .from(emails)
    .where(eq(emails.id, id));
  return row!;
}

async function eventsOf(id: string, type: string) {
  return app.runtime.db
    .select()
    .from(emailEvents)
    .where(and(eq(emailEvents.emailId, id), eq(emailEvents.type, type)));
}

const get = (path: string) => fetch(`${app.baseUrl}/api${path}`, { redirect: "manual" });

function clickPath(token: string, url: string, signature = signLink(signingKey, token, url)) {
  return `/t/c/${token}?u=${encodeURIComponent(url)}&s=${signature}`;
}

describe(`tracking routes (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("serves the pixel, counts the open and records an opened event", async () => {
    const email = await insertEmail();
    const response = await get(`/t/o/${email.trackingToken}.gif`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/gif");
    expect(response.headers.get("cache-control")).toContain("no-store");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 6).toString("latin1")).toBe("GIF89a");
    expect(await counters(email.id)).toMatchObject({ opens: 1, clicks: 0, status: "delivered" });
    expect(await eventsOf(email.id, "opened")).toHaveLength(1);

    // Another client (a different user agent) counts again; the same one reloading does not
    // (test/integration/tracking/opens.test.ts).
    await fetch(`${app.baseUrl}/api/t/o/${email.trackingToken}.gif`, {
      headers: { "user-agent": "Another mail client" },
    });
    expect((await counters(email.id)).opens).toBe(2);
  });

  it("serves the same pixel for unknown or malformed tokens and records nothing", async () => {
    const known = await (await get(`/t/o/${newTrackingToken()}.gif`)).arrayBuffer();
    for (const path of [
      `/t/o/${newTrackingToken()}.gif`,
      "/t/o/x.gif",
      "/t/o/%27%3B--.gif",
      "/t/o/nogif",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/gif");
      expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(known));
    }
  });

  it("redirects a signed click with 302 and counts it with its url", async () => {
    const email = await insertEmail();
    const url = "https://example.com/pricing?plan=pro&ref=mail#top";
    const response = await get(clickPath(email.trackingToken, url));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(url);
    expect(await counters(email.id)).toMatchObject({ clicks: 1, opens: 0 });
    const [event] = await eventsOf(email.id, "clicked");
    // Node's fetch says `node`: an HTTP library, so a machine's click (docs/engagement.md).
    expect(event!.data).toEqual({
      url,
      client: expect.any(String),
      machine: true,
      reason: "scanner:http_library",
    });
  });

  it("rejects tampered, foreign and unknown links with a 404 page and never redirects", async () => {
    const email = await insertEmail();
    const another = await insertEmail();
    const url = "https://example.com/a";
    const signature = signLink(signingKey, email.trackingToken, url);
    const cases = [
      // tampered target, same signature
      `/t/c/${email.trackingToken}?u=${encodeURIComponent("https://evil.example/a")}&s=${signature}`,
      // tampered signature
      clickPath(
        email.trackingToken,
        url,
        signature.replace(/^./, (c) => (c === "A" ? "B" : "A")),
      ),
      // a valid link moved to another email
      `/t/c/${another.trackingToken}?u=${encodeURIComponent(url)}&s=${signature}`,
      // signed for a token no email has
      clickPath("unknownToken123456", url),
      // missing parameters
      `/t/c/${email.trackingToken}?u=${encodeURIComponent(url)}`,
      `/t/c/${email.trackingToken}?s=${signature}`,
      // a non-http target is never followed, even when signed
      clickPath(email.trackingToken, "javascript:alert(1)"),
    ];
    for (const path of cases) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("location"), path).toBeNull();
      expect(await response.text()).toContain("This link is invalid or has expired");
    }
    expect((await counters(email.id)).clicks).toBe(0);
    expect((await counters(another.id)).clicks).toBe(0);
  });

  it("follows the links the delivery instrumenter writes into an email", async () => {
    const email = await insertEmail();
    const instrument = trackingInstrumenter({
      db: app.runtime.db,
      config: { ...app.runtime.config, appUrl: app.baseUrl },
      caches: app.runtime.caches,
    });
    const html = await instrument(
      `<html><body><a href="https://example.com/x?a=1&amp;b=2">x</a><a href="mailto:a@b.co">m</a></body></html>`,
      email,
      { opens: true, clicks: true },
    );
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
    expect(hrefs[1]).toBe("mailto:a@b.co");
    const pixel = /<img src="([^"]+)"/.exec(html)![1]!;
    expect(pixel).toBe(`${app.baseUrl}/api/t/o/${email.trackingToken}.gif`);

    await fetch(pixel);
    const click = await fetch(hrefs[0]!, { redirect: "manual" });
    expect(click.status).toBe(302);
    expect(click.headers.get("location")).toBe("https://example.com/x?a=1&b=2");
    expect(await counters(email.id)).toMatchObject({ opens: 1, clicks: 1 });
  });
});
