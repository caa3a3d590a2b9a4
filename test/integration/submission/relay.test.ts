import { once } from "node:events";
import { networkInterfaces } from "node:os";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails, submittedMessages, suppressions } from "@/db/schema";
import { TokenBucketLimiter } from "@/lib/core/http/rate-limit";
import { emailIdFromReturnPath } from "@/lib/sending/return-path";
import { SUBMISSION_MAX_WIRE_BYTES, startSubmissionServer } from "@/lib/submission/server";
import { linkSigningKey } from "@/lib/tracking/key";
import { dkimResult } from "../../support/dkim";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { openSmtpClient } from "../../support/smtp-client";
import { startSmtpServer, waitFor } from "../../support/smtp-server";
import { selfSignedCertificate } from "../../support/tls";

let app: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpServer>>;
let relay: Awaited<ReturnType<typeof startSubmissionServer>>;
let project: TestProject;

beforeAll(async () => {
  sink = await startSmtpServer();
  const tls = selfSignedCertificate();
  app = await startTestApp({
    worker: "embedded",
    config: { smtpUrl: sink.url, submissionTls: { certFile: tls.certFile, keyFile: tls.keyFile } },
  });
  project = await app.createProject({ domain: "mail.test" });
  // Every address, so a client on this host's own network address is not on loopback.
  relay = await startSubmissionServer(app.runtime, { port: 0, host: "0.0.0.0" });
}, 60_000);
afterAll(async () => {
  await relay?.close();
  await app?.close();
  await sink?.close();
});

/** nodemailer as an app would configure it: host, port, any user name, the API key. */
const appMailer = (key: string, options: { tls?: boolean; host?: string } = {}) =>
  nodemailer.createTransport({
    host: options.host ?? "127.0.0.1",
    port: relay.port,
    secure: false,
    ...(options.tls
      ? { requireTLS: true, tls: { rejectUnauthorized: false } }
      : { ignoreTLS: true }),
    auth: { user: "mailwright", pass: key },
  });

const idsOf = (response: string) => [...response.matchAll(/em_[0-9a-z]{26}/g)].map((m) => m[0]);

/** A raw session already past AUTH PLAIN with `key`, at the point of MAIL FROM. */
async function authenticatedClient(key: string) {
  const client = await openSmtpClient(relay.port);
  expect(await client.reply()).toMatch(/^220 /);
  expect(await client.command("EHLO app.example")).toMatch(/^250/);
  const plain = Buffer.from(`\0mailwright\0${key}`).toString("base64");
  expect(await client.command(`AUTH PLAIN ${plain}`)).toMatch(/^235 /);
  return client;
}

describe(`the submission relay (${TEST_DRIVER})`, () => {
  it("turns each envelope recipient into one email: MIME kept, Bcc and Idempotency-Key removed, DKIM, VERP, tracking", async () => {
    const pdf = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    const logo = Buffer.from(Array.from({ length: 700 }, (_, i) => (i * 7) % 256));
    const info = await appMailer(project.live).sendMail({
      from: "Gitea <noreply@mail.test>",
      to: "ada@example.com",
      cc: "grace@example.com",
      bcc: "hidden@example.com",
      subject: "Your pull request was merged",
      text: "Merged: https://acme.example/pr/1",
      html: '<p>Merged <a href="https://acme.example/pr/1">#1</a></p><img src="cid:logo@app">',
      headers: { "Idempotency-Key": "pr-1-merged", "X-App-Thread": "pr-1" },
      attachments: [
        { filename: "report.pdf", content: pdf, contentType: "application/pdf" },
        { filename: "logo.png", content: logo, cid: "logo@app", contentType: "image/png" },
      ],
    });
    const ids = idsOf(info.response);
    expect(info.response).toMatch(/^250 2\.0\.0 Queued as /);
    expect(ids).toHaveLength(3);

    const delivered = await waitFor(
      () => {
        const got = sink.received.filter((m) => ids.some((id) => m.from.includes(id)));
        return got.length === 3 ? got : undefined;
      },
      15_000,
      "three deliveries",
    );
    const signingKey = await linkSigningKey(app.runtime);
    for (const message of delivered) {
      // One recipient per delivery, the VERP return path naming that recipient's email.
      expect(message.to).toHaveLength(1);
      const emailId = emailIdFromReturnPath(signingKey, message.from);
      expect(ids).toContain(emailId);
      expect(message.raw).not.toMatch(/^Bcc:/im);
      expect(message.raw).not.toMatch(/^Idempotency-Key:/im);
      expect(message.raw).toMatch(/^X-App-Thread: pr-1$/m);
      expect(message.messageId).toBe(`<${emailId}@mail.test>`);
      expect(await dkimResult(app.runtime.db, project.id, message.raw)).toBe("pass");
      const parsed = await simpleParser(message.raw, { skipImageLinks: true });
      expect(parsed.subject).toBe("Your pull request was merged");
      expect(parsed.to && "text" in parsed.to ? parsed.to.text : "").toBe("ada@example.com");
      expect(parsed.text?.trim()).toBe("Merged: https://acme.example/pr/1");
      // The HTML part is instrumented like any email's: click link signed, open pixel added.
      expect(parsed.html).toMatch(/\/t\/c\//);
      expect(parsed.html).toMatch(/<img src="cid:logo@app">/);
      const byName = new Map(parsed.attachments.map((a) => [a.filename, a]));
      expect(byName.get("report.pdf")?.content.equals(pdf)).toBe(true);
      expect(byName.get("logo.png")?.content.equals(logo)).toBe(true);
      expect(byName.get("logo.png")?.cid).toBe("logo@app");
    }
    expect(delivered.map((m) => m.to[0]).sort()).toEqual([
      "ada@example.com",
      "grace@example.com",
      "hidden@example.com",
    ]);

    // The emails are in the API like any send, and share one stored message.
    const email = await app.api(`/v1/emails/${ids[0]}`, { key: project.live });
    expect(email.body).toMatchObject({
      subject: "Your pull request was merged",
      from: '"Gitea" <noreply@mail.test>',
    });
    const rows = await app.runtime.db.select().from(emails).where(eq(emails.projectId, project.id));
    const submitted = new Set(rows.filter((r) => ids.includes(r.id)).map((r) => r.submissionId));
    expect(submitted.size).toBe(1);
    const [stored] = await app.runtime.db
      .select({ raw: submittedMessages.raw })
      .from(submittedMessages)
      .where(eq(submittedMessages.id, [...submitted][0]!));
    expect(Buffer.from(stored!.raw).toString()).not.toMatch(/^Bcc:/im);
  }, 60_000);

  it("answers the same emails to a resubmission with the same Idempotency-Key, and 550 to another message under it", async () => {
    const mail = {
      from: "noreply@mail.test",
      to: "ada@example.com",
      subject: "Reset your password",
      text: "Code 123456",
      headers: { "Idempotency-Key": "reset-ada-1" },
    };
    const first = await appMailer(project.live).sendMail(mail);
    // A mailer that resubmits rebuilds the message: new Date, new boundaries, same content.
    const again = await appMailer(project.live).sendMail(mail);
    expect(idsOf(again.response)).toEqual(idsOf(first.response));
    expect(again.response).toMatch(/Already accepted as/);
    await expect(
      appMailer(project.live).sendMail({ ...mail, text: "Code 999999" }),
    ).rejects.toMatchObject({ responseCode: 550, response: expect.stringMatching(/5\.7\.0/) });
    await waitFor(
      () => sink.received.some((m) => m.from.includes(idsOf(first.response)[0]!)),
      15_000,
      "delivery",
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.received.filter((m) => m.from.includes(idsOf(first.response)[0]!))).toHaveLength(1);
  }, 30_000);

  it("takes a 9 MiB attachment over STARTTLS with a generated certificate, and refuses more than 10 MiB with 552", async () => {
    const big = Buffer.alloc(9 * 1024 * 1024, 0x5a);
    const info = await appMailer(project.live, { tls: true }).sendMail({
      from: "backups@mail.test",
      to: "ops@example.com",
      subject: "Nightly export",
      text: "Attached.",
      attachments: [{ filename: "export.bin", content: big }],
    });
    const [id] = idsOf(info.response);
    const message = await waitFor(
      () => sink.received.find((m) => m.from.includes(id!)),
      30_000,
      "the 9 MiB message",
    );
    const parsed = await simpleParser(message.raw);
    expect(parsed.attachments[0]?.content.equals(big)).toBe(true);

    // The limit is on what the message carries, decoded: 10.5 MiB of attachment is over it.
    await expect(
      appMailer(project.live, { tls: true }).sendMail({
        from: "backups@mail.test",
        to: "ops@example.com",
        subject: "Too big",
        attachments: [{ filename: "export.bin", content: Buffer.alloc(10.5 * 1024 * 1024, 1) }],
      }),
    ).rejects.toMatchObject({ responseCode: 552, response: expect.stringMatching(/5\.3\.4/) });
  }, 90_000);

  it("cuts a transfer past the wire limit with 552 at the final dot, holding none of it", async () => {
    const client = await authenticatedClient(project.live);
    expect(await client.command("MAIL FROM:<noreply@mail.test>")).toMatch(/^250 /);
    expect(await client.command("RCPT TO:<ada@example.com>")).toMatch(/^250 /);
    expect(await client.command("DATA")).toMatch(/^354 /);
    client.socket.write("From: noreply@mail.test\r\nSubject: flood\r\n\r\n");
    const block = Buffer.from(`${"y".repeat(998)}\r\n`.repeat(64));
    for (let sent = 0; sent < SUBMISSION_MAX_WIRE_BYTES + 1024 * 1024; sent += block.length) {
      if (!client.socket.write(block)) await once(client.socket, "drain");
    }
    expect(await client.command(".", 30_000)).toMatch(/^552 5\.3\.4 /);
    client.close();
  }, 60_000);

  it("refuses a wrong or revoked key with 535 5.7.8, and MAIL FROM before AUTH with 530", async () => {
    await expect(
      appMailer("mw_live_not_a_real_key").sendMail({
        from: "a@mail.test",
        to: "b@example.com",
        text: "x",
      }),
    ).rejects.toMatchObject({ responseCode: 535, response: expect.stringMatching(/5\.7\.8/) });

    const client = await openSmtpClient(relay.port);
    await client.reply();
    await client.command("EHLO app.example");
    expect(await client.command("MAIL FROM:<a@mail.test>")).toMatch(/^530 /);
    client.close();
  });

  it("counts failed logins against the client address: past its budget even a good key waits (454 4.7.0)", async () => {
    const original = app.runtime.unauthenticatedLimiter;
    app.runtime.unauthenticatedLimiter = new TokenBucketLimiter(0.01, 3);
    try {
      const client = await openSmtpClient(relay.port);
      await client.reply();
      await client.command("EHLO app.example");
      const plain = (password: string) =>
        `AUTH PLAIN ${Buffer.from(`\0mailwright\0${password}`).toString("base64")}`;
      for (let i = 0; i < 3; i++) {
        expect(await client.command(plain(`sk_live_guess${i}`))).toMatch(/^535 5\.7\.8 /);
      }
      expect(await client.command(plain(project.live))).toMatch(
        /^454 4\.7\.0 Too many failed logins from your address, try again in \d+ s/,
      );
      client.close();
    } finally {
      app.runtime.unauthenticatedLimiter = original;
    }
  });

  it("refuses a From on a domain the project has not verified with 550 5.7.1 after DATA", async () => {
    await expect(
      appMailer(project.live).sendMail({
        from: "ceo@bank.example",
        to: "b@example.com",
        subject: "x",
        text: "x",
      }),
    ).rejects.toMatchObject({ responseCode: 550, response: expect.stringMatching(/5\.7\.1/) });
  });

  it("refuses a suppressed recipient at RCPT with 550 5.1.1 and sends to the others", async () => {
    await app.runtime.db.insert(suppressions).values({
      projectId: project.id,
      email: "gone@example.com",
      reason: "manual",
    });
    const client = await authenticatedClient(project.live);
    expect(await client.command("MAIL FROM:<noreply@mail.test>")).toMatch(/^250 /);
    expect(await client.command("RCPT TO:<gone@example.com>")).toMatch(/^550 5\.1\.1 /);
    expect(await client.command("RCPT TO:<still@example.com>")).toMatch(/^250 /);
    expect(await client.command("DATA")).toMatch(/^354 /);
    const reply = await client.command(
      "From: noreply@mail.test\r\nTo: gone@example.com, still@example.com\r\nSubject: hi\r\n\r\nhello\r\n.",
    );
    expect(reply).toMatch(/^250 2\.0\.0 Queued as em_/);
    expect(idsOf(reply)).toHaveLength(1);
    client.close();
  });

  it("simulates a test key's mail and refuses its real inboxes at RCPT", async () => {
    const client = await authenticatedClient(project.test);
    expect(await client.command("MAIL FROM:<noreply@mail.test>")).toMatch(/^250 /);
    expect(await client.command("RCPT TO:<someone@gmail.com>")).toMatch(/^550 5\.7\.1 /);
    expect(await client.command("RCPT TO:<dev@example.com>")).toMatch(/^250 /);
    await client.command("DATA");
    const reply = await client.command(
      "From: noreply@mail.test\r\nSubject: test\r\n\r\nhello\r\n.",
    );
    const [id] = idsOf(reply);
    client.close();
    await waitFor(
      async () =>
        (await app.api(`/v1/emails/${id}`, { key: project.test })).body.status === "delivered",
      10_000,
      "simulated delivery",
    );
    expect(sink.received.some((m) => m.from.includes(id!))).toBe(false);
  });

  it("takes at most 100 recipients (452 4.5.3 for the 101st)", async () => {
    const client = await authenticatedClient(project.live);
    await client.command("MAIL FROM:<noreply@mail.test>");
    for (let i = 0; i < 100; i++) {
      expect(await client.command(`RCPT TO:<r${i}@example.com>`)).toMatch(/^250 /);
    }
    expect(await client.command("RCPT TO:<r100@example.com>")).toMatch(/^452 4\.5\.3 /);
    await client.command("DATA");
    const reply = await client.command("From: noreply@mail.test\r\nSubject: many\r\n\r\nx\r\n.");
    expect(idsOf(reply)).toHaveLength(100);
    client.close();
  }, 30_000);

  it("counts each message against the key's rate limit shared with the API: 451 4.7.1 with a wait", async () => {
    const original = app.runtime.limiter;
    app.runtime.limiter = new TokenBucketLimiter(0.05, 2);
    try {
      const client = await authenticatedClient(project.live);
      expect(await client.command("MAIL FROM:<noreply@mail.test>")).toMatch(/^250 /);
      await client.command("RSET");
      // The API spends the second token of the same key…
      expect((await app.api("/v1/emails", { key: project.live })).status).toBe(200);
      // …so the next message waits.
      expect(await client.command("MAIL FROM:<noreply@mail.test>")).toMatch(
        /^451 4\.7\.1 Rate limit exceeded, try again in \d+ s/,
      );
      client.close();
    } finally {
      app.runtime.limiter = original;
    }
  });

  it("refuses AUTH in clear text from a client that is not on loopback (538 5.7.11)", async () => {
    const address = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === "IPv4" && !i.internal)?.address;
    expect(address, "this host needs a non-loopback IPv4 address").toBeDefined();
    const client = await openSmtpClient(relay.port, { host: address });
    await client.reply();
    expect(await client.command("EHLO app.example")).toMatch(/STARTTLS/);
    const plain = Buffer.from(`\0mailwright\0${project.live}`).toString("base64");
    expect(await client.command(`AUTH PLAIN ${plain}`)).toMatch(/^538 5\.7\.11 /);
    client.close();
    // The same client after STARTTLS is welcome (nodemailer upgrades, then logs in).
    const info = await appMailer(project.live, { tls: true, host: address }).sendMail({
      from: "noreply@mail.test",
      to: "ada@example.com",
      subject: "over TLS",
      text: "x",
    });
    expect(info.response).toMatch(/^250 /);
  });
});
