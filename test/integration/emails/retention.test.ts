import { eq, inArray } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails, projects, receivedEmailAttachments, submittedMessages } from "@/db/schema";
import { removeExpiredEmailContent } from "@/lib/emails/retention";
import { receiveMessage } from "@/lib/received-emails/receive";
import { storedBytes } from "@/lib/received-emails/record";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { startSubmissionServer } from "@/lib/submission/server";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { mimeMessage } from "../../support/received-mail";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

let app: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpServer>>;
let relay: Awaited<ReturnType<typeof startSubmissionServer>>;
let project: TestProject;
let keepsLonger: TestProject;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  sink = await startSmtpServer();
  app = await startTestApp({ clock: "fake", worker: "embedded", config: { smtpUrl: sink.url } });
  project = await app.createProject({ domain: "mail.test" });
  keepsLonger = await app.createProject({ name: "Archive", domain: "archive.test" });
  await updateProjectSettings(app.ctx(keepsLonger.id), { email_content_retention_days: 365 });
  relay = await startSubmissionServer(app.runtime, { port: 0, host: "127.0.0.1" });
}, 60_000);
afterAll(async () => {
  await relay?.close();
  await app?.close();
  await sink?.close();
});

async function sendDelivered(key: string, from: string) {
  const res = await app.api("/v1/send", {
    method: "POST",
    key,
    body: {
      from,
      to: "ada@example.com",
      subject: "Kept for a while",
      html: "<p>Hello</p>",
      attachments: [{ filename: "a.txt", content: Buffer.from("attached").toString("base64") }],
    },
  });
  expect(res.status, res.text).toBe(200);
  await waitFor(
    async () => (await app.api(`/v1/emails/${res.body.id}`, { key })).body.status === "delivered",
    15_000,
    "delivered",
  );
  return res.body.id as string;
}

const rowOf = async (id: string) =>
  (await app.runtime.db.select().from(emails).where(eq(emails.id, id)))[0]!;

describe(`email content retention (${TEST_DRIVER})`, () => {
  it("removes bodies, attachments and submitted messages past the project's days; the emails, their status and counters stay", async () => {
    const old = await sendDelivered(project.live, "hello@mail.test");
    const archived = await sendDelivered(keepsLonger.live, "hello@archive.test");
    const info = await nodemailer
      .createTransport({
        host: "127.0.0.1",
        port: relay.port,
        ignoreTLS: true,
        auth: { user: "app", pass: project.live },
      })
      .sendMail({
        from: "app@mail.test",
        to: ["one@example.com", "two@example.com"],
        subject: "Submitted",
        text: "x",
      });
    const submittedIds = [...info.response.matchAll(/em_[0-9a-z]{26}/g)].map((m) => m[0]);
    await waitFor(
      async () => {
        const rows = await app.runtime.db
          .select({ status: emails.status })
          .from(emails)
          .where(inArray(emails.id, submittedIds));
        return rows.every((r) => r.status === "delivered");
      },
      15_000,
      "submitted emails delivered",
    );
    // One of them is still waiting to go out (a relay outage): it keeps what it will send.
    await app.runtime.db
      .update(emails)
      .set({ status: "queued", sentAt: null })
      .where(eq(emails.id, submittedIds[1]!));
    await app.runtime.db.update(emails).set({ opens: 3, humanOpens: 2 }).where(eq(emails.id, old));
    // A message the project received is kept like sent email.
    const domains = await app.api("/v1/domains", { key: project.live });
    const on = await app.api(`/v1/domains/${domains.body.data[0].id}`, {
      method: "PATCH",
      key: project.live,
      body: { receiving: true },
    });
    expect(on.status, on.text).toBe(200);
    const { raw } = mimeMessage({
      to: "support@mail.test",
      attachment: {
        filename: "scan.pdf",
        contentType: "application/pdf",
        bytes: Buffer.alloc(900, 1),
      },
    });
    const {
      ids: [receivedId],
    } = await receiveMessage(app.runtime, Buffer.from(raw), ["support@mail.test"]);
    expect(await storedBytes(app.runtime.db, project.id)).toBe(Buffer.byteLength(raw));

    app.clock.advance!(89 * DAY_MS);
    expect(await removeExpiredEmailContent(app.runtime)).toEqual({
      emailsCleared: 0,
      submissionsRemoved: 0,
      receivedCleared: 0,
    });
    const fresh = await sendDelivered(project.live, "hello@mail.test");
    // Everything is delivered: the worker stops, so its own retention pass (every ten minutes of
    // the clock) cannot run between the clock's jumps and the passes this test makes.
    await app.runtime.jobs.stop(5_000);

    app.clock.advance!(2 * DAY_MS);
    expect(await removeExpiredEmailContent(app.runtime)).toEqual({
      emailsCleared: 2,
      submissionsRemoved: 0,
      receivedCleared: 1,
    });
    const cleared = await rowOf(old);
    expect(cleared).toMatchObject({
      html: null,
      text: null,
      attachments: [],
      status: "delivered",
      opens: 3,
      humanOpens: 2,
      subject: "Kept for a while",
    });
    expect(cleared.contentRemovedAt?.getTime()).toBe(app.clock.now().getTime());
    expect((await app.api(`/v1/emails/${old}`, { key: project.live })).body).toMatchObject({
      status: "delivered",
      html: null,
      text: null,
    });
    expect((await rowOf(submittedIds[0]!)).contentRemovedAt).not.toBeNull();
    const received = await app.api(`/v1/received-emails/${receivedId}`, { key: project.live });
    expect(received.body).toMatchObject({ text: null, html: null, attachments: [] });
    expect(received.body.subject).toBe("Hello there");
    expect(
      await app.runtime.db
        .select()
        .from(receivedEmailAttachments)
        .where(eq(receivedEmailAttachments.receivedEmailId, receivedId!)),
    ).toEqual([]);
    // What it no longer holds no longer counts against the project's received-mail storage.
    expect(await storedBytes(app.runtime.db, project.id)).toBe(0);
    expect((await rowOf(submittedIds[1]!)).contentRemovedAt).toBeNull();
    expect((await rowOf(fresh)).html).toBe("<p>Hello</p>");
    expect((await rowOf(archived)).html).toBe("<p>Hello</p>");
    const submission = (await rowOf(submittedIds[0]!)).submissionId!;
    const kept = await app.runtime.db
      .select({ id: submittedMessages.id })
      .from(submittedMessages)
      .where(eq(submittedMessages.id, submission));
    expect(kept).toHaveLength(1);

    // Once the last of its emails is delivered and cleared, the submitted message goes too.
    await app.runtime.db
      .update(emails)
      .set({ status: "delivered", sentAt: app.clock.now() })
      .where(eq(emails.id, submittedIds[1]!));
    expect(await removeExpiredEmailContent(app.runtime)).toEqual({
      emailsCleared: 1,
      submissionsRemoved: 1,
      receivedCleared: 0,
    });
    // A second pass finds nothing left to do.
    expect(await removeExpiredEmailContent(app.runtime)).toEqual({
      emailsCleared: 0,
      submissionsRemoved: 0,
      receivedCleared: 0,
    });

    app.clock.advance!(300 * DAY_MS);
    await removeExpiredEmailContent(app.runtime);
    expect((await rowOf(archived)).html).toBeNull();
  }, 90_000);

  it("takes 7 to 3650 days in Settings → General", async () => {
    const ctx = app.ctx(project.id);
    await expect(
      updateProjectSettings(ctx, { email_content_retention_days: 3 }),
    ).rejects.toMatchObject({ status: 422, code: "validation_error" });
    await expect(
      updateProjectSettings(ctx, { email_content_retention_days: 4000 }),
    ).rejects.toMatchObject({ status: 422 });
    await updateProjectSettings(ctx, { email_content_retention_days: 30 });
    const [row] = await app.runtime.db
      .select({ days: projects.emailContentRetentionDays })
      .from(projects)
      .where(eq(projects.id, project.id));
    expect(row?.days).toBe(30);
  });
});
