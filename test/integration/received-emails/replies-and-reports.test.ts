import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBounceReceiver } from "@/lib/inbound/receiver";
import { listReplies } from "@/lib/received-emails/replies";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { mimeMessage, smtpTransaction } from "../../support/received-mail";
import { dsnFor } from "../../support/reports";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/**
 * DECISIONS §16 beside §9: replies linked to the sent email they answer, bounce reports still
 * handled by the same receiver (alone or in a transaction that also names a receiving domain),
 * and messages too broken to parse neither refused nor fatal.
 */
let app: TestApp;
let project: TestProject;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let receiver: Awaited<ReturnType<typeof startBounceReceiver>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ worker: "embedded", env: { SMTP_URL: smtp.url } });
  project = await app.createProject({ domain: "mail.test" });
  receiver = await startBounceReceiver(app.runtime, { port: 0, host: "127.0.0.1" });
  const [domain] = (await app.api("/v1/domains", { key: project.live })).body.data;
  const on = await app.api(`/v1/domains/${domain.id}`, {
    method: "PATCH",
    key: project.live,
    body: { receiving: true },
  });
  expect(on.status, on.text).toBe(200);
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
  await smtp?.close();
});

const email = async (id: string) => (await app.api(`/v1/emails/${id}`, { key: project.live })).body;
const received = async (subject: string) => {
  const page = await app.api("/v1/received-emails?limit=100", { key: project.live });
  const found = (page.body.data as { id: string; subject: string }[]).find(
    (m) => m.subject === subject,
  );
  return found && (await app.api(`/v1/received-emails/${found.id}`, { key: project.live })).body;
};

/** Sends one email and waits until the SMTP server accepted it. */
async function delivered(to: string) {
  const sent = await app.api("/v1/send", {
    method: "POST",
    key: project.live,
    body: { from: "Acme <hello@mail.test>", to, subject: "Our offer", html: "<p>Hi</p>" },
  });
  expect(sent.status, sent.text).toBe(200);
  const message = await waitFor(
    () => smtp.received.find((m) => m.messageId === sent.body.messageId),
    15_000,
    `${to} on the wire`,
  );
  await waitFor(
    async () => (await email(sent.body.id)).status === "delivered",
    15_000,
    "delivered",
  );
  return {
    id: sent.body.id as string,
    to,
    messageId: sent.body.messageId as string,
    returnPath: message.from,
  };
}

describe(`replies, reports and broken messages (${TEST_DRIVER})`, () => {
  it("links a reply to the sent email its In-Reply-To names", async () => {
    const original = await delivered("customer@example.com");
    const reply = mimeMessage({
      from: "customer@example.com",
      to: "hello@mail.test",
      subject: "Re: Our offer",
      inReplyTo: original.messageId,
    });
    expect(
      (await smtpTransaction(receiver.port, { to: ["hello@mail.test"] }, reply.raw)).final,
    ).toMatch(/^250/);
    const linked = await received("Re: Our offer");
    expect(linked.in_reply_to_email_id).toBe(original.id);
    // What the sent email's page lists as its replies.
    expect(await listReplies(app.ctx(project.id), original.id)).toEqual([
      expect.objectContaining({ id: linked.id, subject: "Re: Our offer" }),
    ]);

    const stranger = mimeMessage({
      to: "hello@mail.test",
      subject: "Re: something else",
      inReplyTo: "<not-ours@elsewhere.example>",
    });
    await smtpTransaction(receiver.port, { to: ["hello@mail.test"] }, stranger.raw);
    expect((await received("Re: something else")).in_reply_to_email_id).toBeNull();
  });

  it("never links a reply to another project's email", async () => {
    const other = await app.createProject({ name: "Other", domain: "other.test" });
    const sent = await app.api("/v1/send", {
      method: "POST",
      key: other.live,
      body: { from: "hi@other.test", to: "x@example.com", subject: "Theirs", html: "<p>x</p>" },
    });
    expect(sent.status, sent.text).toBe(200);
    const reply = mimeMessage({
      to: "hello@mail.test",
      subject: "Re: Theirs",
      inReplyTo: sent.body.messageId,
    });
    await smtpTransaction(receiver.port, { to: ["hello@mail.test"] }, reply.raw);
    expect((await received("Re: Theirs")).in_reply_to_email_id).toBeNull();
  });

  it("still processes a bounce report, alone or beside a receiving-domain recipient", async () => {
    const alone = await delivered("gone@example.com");
    const report = dsnFor(alone);
    expect(
      (await smtpTransaction(receiver.port, { from: "", to: [alone.returnPath] }, report)).final,
    ).toMatch(/^250/);
    expect((await email(alone.id)).status).toBe("bounced");

    const both = await delivered("also-gone@example.com");
    const reply = await smtpTransaction(
      receiver.port,
      { from: "", to: [both.returnPath, "postmaster@mail.test"] },
      dsnFor(both),
    );
    expect(reply.rcpt).toEqual([expect.stringMatching(/^250/), expect.stringMatching(/^250/)]);
    expect(reply.final).toMatch(/^250/);
    expect((await email(both.id)).status).toBe("bounced");
    expect(await received("Undelivered Mail Returned to Sender")).toMatchObject({
      to: [both.returnPath],
    });
  });

  it("keeps what it can read of a broken message, and goes on serving", async () => {
    const broken = [
      "From: <<<not an address",
      "Subject: Broken =?utf-8?B?////?=",
      'Content-Type: multipart/mixed; boundary="never-closed"',
      "Content-Transfer-Encoding: base64",
      "",
      "--never-closed",
      'Content-Type: application/pdf; name="half.pdf"',
      "Content-Transfer-Encoding: base64",
      "",
      "!!!this is not base64\u0000\u0001",
      "",
    ].join("\r\n");
    const reply = await smtpTransaction(receiver.port, { to: ["inbox@mail.test"] }, broken);
    expect(reply.final).toMatch(/^250/);
    const page = await app.api("/v1/received-emails", { key: project.live });
    const kept = page.body.data[0];
    expect(kept.subject).toMatch(/^Broken/);
    expect(kept.to).toEqual(["inbox@mail.test"]);

    const next = mimeMessage({ to: "inbox@mail.test", subject: "After the broken one" });
    expect(
      (await smtpTransaction(receiver.port, { to: ["inbox@mail.test"] }, next.raw)).final,
    ).toMatch(/^250/);
    expect(await received("After the broken one")).toBeDefined();
  });
});
