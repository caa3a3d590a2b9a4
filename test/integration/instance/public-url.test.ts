import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceContext } from "@/lib/core/context";
import { ForbiddenError, ValidationError } from "@/lib/core/errors";
import {
  followPublicUrl,
  proposePublicUrl,
  publicUrlOf,
  savePublicUrl,
} from "@/lib/instance/public-url";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/**
 * DECISIONS §12 public URL, with APP_URL unset: links in mail point at the address the first
 * admin sign-in proposed, then at what Settings → General saved, in every process.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ worker: "embedded", config: { smtpUrl: smtp.url } });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** Sends an email with one link and returns where its tracked link points. */
async function trackedLinkOfASend(): Promise<string> {
  const sent = await app.api("/v1/send", {
    method: "POST",
    key: project.live,
    body: {
      from: "hello@mail.test",
      to: "reader@example.com",
      subject: "Links",
      html: '<p><a href="https://acme.example/pricing">Pricing</a></p>',
    },
  });
  expect(sent.status, sent.text).toBe(200);
  const message = await waitFor(
    () => smtp.received.find((m) => m.messageId === sent.body.messageId),
    15_000,
    "message",
  );
  const html = String((await simpleParser(message.raw)).html);
  return /href="([^"]+)"/.exec(html)![1]!;
}

describe(`public URL with APP_URL unset (${TEST_DRIVER})`, () => {
  it("points links at localhost until the first admin sign-in proposes its address, then at what is saved", async () => {
    expect(app.runtime.config.appUrlFromEnv).toBe(false);
    expect(await publicUrlOf(app.runtime)).toMatchObject({ source: "default", loopback: true });
    expect(await trackedLinkOfASend()).toMatch(/^http:\/\/localhost:\d+\/api\/t\/c\//);

    expect(await proposePublicUrl(app.runtime, "http://192.168.1.20:3400", "ada@acme.io")).toBe(
      true,
    );
    expect(await trackedLinkOfASend()).toMatch(/^http:\/\/192\.168\.1\.20:3400\/api\/t\/c\//);
    // A later sign-in at another address proposes nothing.
    expect(await proposePublicUrl(app.runtime, "http://127.0.0.1:3400", "bob@acme.io")).toBe(false);
    expect(await publicUrlOf(app.runtime)).toEqual({
      url: "http://192.168.1.20:3400",
      source: "sign-in",
      loopback: false,
      by: "ada@acme.io",
    });

    const admin = serviceContext(app.runtime, project.id);
    await savePublicUrl(admin, "https://mail.acme.io/", "ada@acme.io");
    expect(await trackedLinkOfASend()).toMatch(/^https:\/\/mail\.acme\.io\/api\/t\/c\//);
    expect(await publicUrlOf(app.runtime)).toMatchObject({ source: "settings" });
  });

  it("refuses a member and an address that is not one, naming the field", async () => {
    const member = serviceContext(app.runtime, project.id, "live", "member");
    await expect(savePublicUrl(member, "https://x.acme.io", "m@acme.io")).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    const admin = serviceContext(app.runtime, project.id);
    const refused = await savePublicUrl(admin, "ftp://x.acme.io", "a@acme.io").catch((e) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused.details).toEqual([
      { path: "public_url", message: "The address must start with https:// or http://." },
    ]);
  });

  it("reaches another process's configuration within its refresh interval", async () => {
    // Another process: its own configuration object over the same database.
    const otherProcess = { db: app.runtime.db, config: { ...app.runtime.config } };
    const stop = followPublicUrl(otherProcess, 50);
    try {
      await savePublicUrl(
        serviceContext(app.runtime, project.id),
        "https://news.acme.io",
        "a@b.io",
      );
      await waitFor(
        () => otherProcess.config.appUrl === "https://news.acme.io" || undefined,
        5_000,
        "the other process's public URL",
      );
    } finally {
      stop();
    }
  });
});

describe(`public URL with APP_URL set (${TEST_DRIVER})`, () => {
  it("is the environment's: sign-ins propose nothing and Settings cannot change it", async () => {
    const pinned = {
      db: app.runtime.db,
      config: { ...app.runtime.config, appUrl: "https://mw.acme.io", appUrlFromEnv: true },
    };
    expect(await proposePublicUrl(pinned, "http://10.0.0.9:3000", "a@acme.io")).toBe(false);
    const refused = await savePublicUrl(
      { ...pinned, role: "admin" },
      "https://other.acme.io",
      "a@acme.io",
    ).catch((e) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect(await publicUrlOf(pinned)).toMatchObject({
      url: "https://mw.acme.io",
      source: "environment",
    });
    expect(pinned.config.appUrl).toBe("https://mw.acme.io");
  });
});
