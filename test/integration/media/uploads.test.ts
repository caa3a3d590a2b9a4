import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_MEDIA_BYTES } from "@/lib/media/upload";
import { createUser } from "@/lib/users/users";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { signInAs } from "../../support/dashboard-session";
import { GIF_1X1, JPEG_HEAD, PNG_1X1, SVG } from "../../support/images";

vi.mock("@/lib/web/auth", async () => (await import("../../support/dashboard-session")).authMock());
vi.mock("next/headers", async () =>
  (await import("../../support/dashboard-session")).headersMock(),
);
vi.mock("next/cache", async () => (await import("../../support/dashboard-session")).cacheMock());

/**
 * Image uploads (issue 13 item 8): a signed-in member uploads through POST /media; the image is
 * served publicly at its URL with immutable caching and locked-down headers; anything that is
 * not a PNG/JPEG/GIF/WebP (SVG included) or is over 5 MB is refused; lists are per project.
 */
let app: TestApp;
let mine: TestProject;
let other: TestProject;
let memberId: string;
let otherAdminId: string;

beforeAll(async () => {
  app = await startTestApp({ worker: "off", config: { appUrl: "https://mail.example.com" } });
  mine = await app.createProject({ name: "Mine", domain: "mine.example" });
  other = await app.createProject({ name: "Other" });
  const member = await createUser(app.runtime.db, {
    email: "member@media.test",
    password: "correct horse battery",
    role: "member",
    projectId: mine.id,
  });
  const otherAdmin = await createUser(app.runtime.db, {
    email: "admin@other-media.test",
    password: "correct horse battery",
    role: "admin",
    projectId: other.id,
  });
  memberId = member.user.id;
  otherAdminId = otherAdmin.user.id;
});
afterAll(() => app?.close());

function upload(
  body: Uint8Array<ArrayBuffer>,
  name = "photo.png",
  headers: Record<string, string> = {},
) {
  return fetch(`${app.baseUrl}/media?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { origin: app.baseUrl, "content-type": "image/png", ...headers },
    body,
  });
}

/** The public URL under APP_URL, fetched from the test server. */
const servedAt = (url: string) =>
  fetch(url.replace("https://mail.example.com", app.baseUrl), { redirect: "manual" });

describe(`media uploads (${TEST_DRIVER})`, () => {
  it("a member uploads a PNG; it is served with the same bytes and safe headers", async () => {
    signInAs(memberId, mine.id);
    const response = await upload(PNG_1X1);
    expect(response.status).toBe(201);
    const item = await response.json();
    expect(item).toMatchObject({
      content_type: "image/png",
      size: PNG_1X1.byteLength,
      filename: "photo.png",
    });
    expect(item.url).toMatch(/^https:\/\/mail\.example\.com\/media\/med_[0-9a-z]{26}\.png$/);

    const served = await servedAt(item.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  });

  it("trusts the bytes, not the client's type: a GIF sent as image/png is a GIF", async () => {
    signInAs(memberId, mine.id);
    const item = await (await upload(GIF_1X1, "x.png")).json();
    expect(item.content_type).toBe("image/gif");
    expect(item.url).toMatch(/\.gif$/);
    // The same id under another extension is not served.
    expect((await servedAt(item.url.replace(/\.gif$/, ".png"))).status).toBe(404);
  });

  it("refuses SVG (scriptable) and text with a 422, an empty body too", async () => {
    signInAs(memberId, mine.id);
    const cases = [
      [SVG, "unsupported_media"],
      [Buffer.from("just text"), "unsupported_media"],
      [new Uint8Array(), "validation_error"],
    ] as const;
    for (const [body, code] of cases) {
      const response = await upload(body, "logo.svg", { "content-type": "image/svg+xml" });
      expect(response.status).toBe(422);
      expect((await response.json()).error.code).toBe(code);
    }
    const list = await (await fetch(`${app.baseUrl}/media`)).json();
    expect(list.data.map((m: { content_type: string }) => m.content_type)).not.toContain(
      "image/svg+xml",
    );
  });

  it("refuses a file over 5 MB with a 413", async () => {
    signInAs(memberId, mine.id);
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(MAX_MEDIA_BYTES)]);
    const response = await upload(big);
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("payload_too_large");
  });

  it("needs a session and the dashboard's origin", async () => {
    signInAs(null);
    expect((await upload(PNG_1X1)).status).toBe(401);
    signInAs(memberId, mine.id);
    expect((await upload(PNG_1X1, "x.png", { origin: "https://evil.example" })).status).toBe(403);
  });

  it("stores the same bytes once and lists only the current project's uploads", async () => {
    signInAs(memberId, mine.id);
    const again = await (await upload(PNG_1X1, "again.png")).json();
    const list = await (
      await fetch(`${app.baseUrl}/media`, { headers: { origin: app.baseUrl } })
    ).json();
    expect(list.data.map((m: { id: string }) => m.id)).toContain(again.id);
    expect(list.data.filter((m: { id: string }) => m.id === again.id)).toHaveLength(1);
    expect(list.data).toHaveLength(2); // the PNG and the GIF

    signInAs(otherAdminId, other.id);
    const theirs = await (await fetch(`${app.baseUrl}/media`)).json();
    expect(theirs.data).toEqual([]);
    // Public by design: another project's image still loads for any mail client.
    expect((await servedAt(again.url)).status).toBe(200);
  });

  it("deletes an upload no template or unsent campaign shows; refuses one in use (409)", async () => {
    signInAs(memberId, mine.id);
    const remove = (id: string, origin = app.baseUrl) =>
      fetch(`${app.baseUrl}/media/${id}`, { method: "DELETE", headers: { origin } });
    const jpeg = Buffer.concat([JPEG_HEAD, Buffer.from("delete me")]);
    const image = await (await upload(jpeg, "hero.jpg")).json();
    const template = await app.api("/v1/templates", {
      method: "POST",
      key: mine.live,
      body: { name: "Uses the hero", format: "html", source: `<img src="${image.url}" alt="">` },
    });
    expect(template.status, template.text).toBe(201);
    const campaign = await app.api("/v1/campaigns", {
      method: "POST",
      key: mine.live,
      body: {
        name: "June news",
        subject: "News",
        from_name: "Mine",
        from_email: "news@mine.example",
        variables: { hero_image: image.url },
      },
    });
    expect(campaign.status, campaign.text).toBe(201);

    const refused = await remove(image.id);
    expect(refused.status).toBe(409);
    const error = (await refused.json()).error;
    expect(error.code).toBe("media_in_use");
    expect(error.details.map((d: { path: string }) => d.path).sort()).toEqual(
      [`campaigns/${campaign.body.id}`, `templates/${template.body.id}`].sort(),
    );
    expect((await servedAt(image.url)).status).toBe(200);

    // Once neither shows it, it goes: gone from the list and from its public URL.
    await app.api(`/v1/templates/${template.body.id}`, { method: "DELETE", key: mine.live });
    await app.api(`/v1/campaigns/${campaign.body.id}`, {
      method: "PATCH",
      key: mine.live,
      body: { variables: {} },
    });
    expect((await remove(image.id, "https://evil.example")).status).toBe(403);
    signInAs(otherAdminId, other.id);
    expect((await remove(image.id)).status).toBe(404);
    signInAs(memberId, mine.id);
    expect((await remove(image.id)).status).toBe(204);
    expect((await servedAt(image.url)).status).toBe(404);
    const list = await (await fetch(`${app.baseUrl}/media`)).json();
    expect(list.data.map((m: { id: string }) => m.id)).not.toContain(image.id);
    expect((await remove(image.id)).status).toBe(404);
  });

  it("answers 404 for unknown or malformed names", async () => {
    for (const name of ["med_00000000000000000000000000.png", "nothing.png", "..%2Fetc.png"]) {
      const response = await fetch(`${app.baseUrl}/media/${name}`);
      expect(response.status).toBe(404);
    }
  });
});
