import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { SmtpConnection, type SmtpEndpoint } from "@/lib/core/smtp/client";
import type { SmtpError } from "@/lib/core/smtp/client-errors";
import { SmtpPool } from "@/lib/core/smtp/pool";
import { classifySmtpError, RELAY_UNREACHABLE } from "@/lib/core/transports/smtp";
import { startScriptedSmtp } from "../../support/scripted-smtp";
import { startSmtpServer } from "../../support/smtp-server";
import { selfSignedCertificate } from "../../support/tls";

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const endpoint = (port: number, more: Partial<SmtpEndpoint> = {}): SmtpEndpoint => ({
  host: "127.0.0.1",
  port,
  tlsMode: "none",
  verifyCertificate: false,
  username: null,
  password: null,
  ...more,
});

const message = (body = "hello") =>
  Buffer.from(`From: a@mail.test\r\nTo: b@example.com\r\nSubject: hi\r\n\r\n${body}\r\n`);

/** smtp-server (the real thing) on loopback; every message it takes is kept with its session. */
async function realServer(options: SMTPServerOptions = {}) {
  const received: { to: string[]; raw: string; secure: boolean; user?: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    disabledCommands: ["STARTTLS"],
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          secure: session.secure,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as AddressInfo).port, received };
}

async function scripted(options: Parameters<typeof startScriptedSmtp>[0] = {}) {
  const server = await startScriptedSmtp(options);
  cleanups.push(server.close);
  return server;
}

function pool(port: number, more: Partial<SmtpEndpoint> = {}, maxConnections = 1) {
  const created = new SmtpPool(endpoint(port, more), { maxConnections });
  cleanups.push(() => created.close());
  return created;
}

describe("SMTP client (lib/core/smtp)", () => {
  it("pipelines MAIL, RCPT and DATA in one write and the message in a second", async () => {
    const server = await scripted();
    const result = await pool(server.port).send(
      { from: "bounce@mail.test", to: ["one@example.com", "two@example.com"] },
      message(),
    );
    expect(result).toMatchObject({ accepted: ["one@example.com", "two@example.com"] });
    const envelopeWrite = server.chunks.find((c) => c.text.startsWith("MAIL FROM"));
    expect(envelopeWrite?.text).toBe(
      "MAIL FROM:<bounce@mail.test>\r\nRCPT TO:<one@example.com>\r\n" +
        "RCPT TO:<two@example.com>\r\nDATA\r\n",
    );
  });

  it("waits for each reply where the server does not offer PIPELINING", async () => {
    const server = await scripted({ extensions: ["8BITMIME"] });
    await pool(server.port).send({ from: "a@mail.test", to: ["b@example.com"] }, message());
    const writes = server.chunks.map((c) => c.text.split(" ")[0]);
    expect(writes.slice(-4)).toEqual(["MAIL", "RCPT", "DATA\r\n", "From:"]);
  });

  it("doubles a dot that starts a line and ends bare LFs with CR (the server reads it back)", async () => {
    const server = await realServer();
    const raw = Buffer.from("Subject: dots\n\n.leading dot\r\n..two\nend");
    await pool(server.port).send({ from: "a@mail.test", to: ["b@example.com"] }, raw);
    expect(server.received[0]!.raw).toBe("Subject: dots\r\n\r\n.leading dot\r\n..two\r\nend\r\n");
  });

  it("asks for BODY=8BITMIME for 8-bit bytes and SMTPUTF8 for international addresses", async () => {
    const server = await scripted({ extensions: ["PIPELINING", "8BITMIME", "SMTPUTF8"] });
    const sender = pool(server.port);
    await sender.send({ from: "a@mail.test", to: ["b@example.com"] }, message("plain"));
    await sender.send({ from: "a@mail.test", to: ["jöran@exämple.com"] }, message("grüße"));
    const mails = server.chunks.filter((c) => c.text.startsWith("MAIL")).map((c) => c.text);
    expect(mails[0]).toMatch(/^MAIL FROM:<a@mail\.test>\r\n/);
    expect(mails[1]).toMatch(/^MAIL FROM:<a@mail\.test> SMTPUTF8 BODY=8BITMIME\r\n/);
  });

  it("reports recipients refused one by one and keeps the session for the next message", async () => {
    const server = await scripted({
      answer: (command) => (command.includes("reject") ? "550 5.1.1 User unknown" : null),
    });
    const sender = pool(server.port);
    const result = await sender.send(
      { from: "a@mail.test", to: ["ok@example.com", "reject@example.com"] },
      message(),
    );
    expect(result.accepted).toEqual(["ok@example.com"]);
    expect(result.rejected).toEqual(["reject@example.com"]);
    expect(result.rejectedErrors[0]).toMatchObject({
      responseCode: 550,
      command: "RCPT TO",
      recipient: "reject@example.com",
    });
    const refused = await sender
      .send({ from: "a@mail.test", to: ["reject2@example.com"] }, message())
      .catch((error: SmtpError) => error);
    expect(refused).toMatchObject({ responseCode: 550, command: "RCPT TO" });
    await sender.send({ from: "a@mail.test", to: ["again@example.com"] }, message());
    expect(server.messages).toHaveLength(2);
    expect(server.sessions()).toBe(1);
    expect(server.chunks.some((c) => c.text === "RSET\r\n")).toBe(true);
  });

  it("ends with an empty message a DATA the server took after refusing every recipient", async () => {
    // RFC 2920 §3.1 says such a DATA is refused; a server that says 354 anyway gets a lone dot.
    const server = await scripted({
      answer: (command) =>
        command.includes("reject")
          ? "550 5.1.1 User unknown"
          : command === "DATA"
            ? "354 go ahead"
            : null,
    });
    const sender = pool(server.port);
    const refused = await sender
      .send({ from: "a@mail.test", to: ["reject@example.com"] }, message())
      .catch((error: SmtpError) => error);
    expect(refused).toMatchObject({ responseCode: 550, command: "RCPT TO" });
    await sender.send({ from: "a@mail.test", to: ["ok@example.com"] }, message());
    expect(server.messages.map((m) => m.data.length > 0)).toEqual([false, true]);
    expect(server.sessions()).toBe(1);
  });

  it("takes a 421 at RCPT as the answer, not the closed connection that follows it", async () => {
    // smtp-server hangs up right after its 421 (RFC 5321 §3.8), before the pipelined DATA's reply.
    const server = await startSmtpServer({ throttleDomain: "busy.test" });
    cleanups.push(server.close);
    const port = Number(new URL(server.url).port);
    const refused = await pool(port)
      .send({ from: "a@mail.test", to: ["b@busy.test"] }, message())
      .catch((error: SmtpError) => error);
    expect(refused).toMatchObject({ responseCode: 421, command: "RCPT TO" });
    expect(refused).toMatchObject({ response: expect.stringContaining("4.7.0") });
  });

  it("reads a refused sender (MAIL FROM) with its code", async () => {
    const server = await scripted({
      answer: (command) => (command.startsWith("MAIL") ? "451 4.3.0 Try later" : null),
    });
    const refused = await pool(server.port)
      .send({ from: "a@mail.test", to: ["b@example.com"] }, message())
      .catch((error: SmtpError) => error);
    expect(refused).toMatchObject({ responseCode: 451, command: "MAIL FROM" });
  });

  it("logs in with AUTH PLAIN, or LOGIN where that is all the server takes", async () => {
    for (const authMethods of [["PLAIN", "LOGIN"], ["LOGIN"]]) {
      const server = await realServer({
        authOptional: false,
        authMethods,
        onAuth: (auth, _session, callback) =>
          auth.username === "app" && auth.password === "s3cret"
            ? callback(null, { user: auth.username })
            : callback(new Error("5.7.8 Authentication credentials invalid")),
      });
      const login = { username: "app", password: "s3cret" };
      await pool(server.port, login).send({ from: "a@mail.test", to: ["b@x.test"] }, message());
      expect(server.received[0]!.user).toBe("app");
      const wrong = await pool(server.port, { ...login, password: "nope" })
        .send({ from: "a@mail.test", to: ["b@x.test"] }, message())
        .catch((error: SmtpError) => error);
      expect(wrong).toMatchObject({ code: "EAUTH", responseCode: 535 });
    }
  });

  it("upgrades with STARTTLS, or speaks TLS from the first byte", async () => {
    const tls = selfSignedCertificate();
    const credentials = { key: readFileSync(tls.keyFile), cert: tls.cert };
    const starttls = await realServer({ ...credentials, disabledCommands: [] });
    await pool(starttls.port, { tlsMode: "starttls" }).send(
      { from: "a@mail.test", to: ["b@x.test"] },
      message(),
    );
    expect(starttls.received[0]!.secure).toBe(true);
    const implicit = await realServer({ ...credentials, secure: true });
    await pool(implicit.port, { tlsMode: "tls" }).send(
      { from: "a@mail.test", to: ["b@x.test"] },
      message(),
    );
    expect(implicit.received[0]!.secure).toBe(true);
    // A certificate nobody vouches for is refused when verification is on.
    const refused = await pool(implicit.port, { tlsMode: "tls", verifyCertificate: true })
      .send({ from: "a@mail.test", to: ["b@x.test"] }, message())
      .catch((error: SmtpError) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as SmtpError).responseCode).toBeUndefined();
    // starttls required but not offered: no mail goes out in the clear.
    const plain = await realServer();
    const noTls = await pool(plain.port, { tlsMode: "starttls" })
      .send({ from: "a@mail.test", to: ["b@x.test"] }, message())
      .catch((error: SmtpError) => error);
    expect(noTls).toMatchObject({ code: "ETLS" });
    expect(classifySmtpError(noTls as SmtpError)).toEqual({
      kind: "deferred",
      response: RELAY_UNREACHABLE,
    });
    expect(plain.received).toHaveLength(0);
  });

  it("sends again on a new session when a reused one was dropped before any reply", async () => {
    // The second transaction of each session meets a hang-up (a relay that closed it while idle).
    const server = await scripted({
      answer: (command, session) =>
        command.startsWith("MAIL") && session.messages === 1 ? "hang up" : null,
    });
    const sender = pool(server.port);
    await sender.send({ from: "a@mail.test", to: ["first@x.test"] }, message());
    await sender.send({ from: "a@mail.test", to: ["second@x.test"] }, message());
    expect(server.messages.map((m) => m.session)).toEqual([1, 2]);
  });

  it("does not send again once the server answered part of the transaction", async () => {
    // MAIL is answered, then the connection drops: the message may not be sent twice by us.
    const server = await scripted({
      extensions: ["8BITMIME"],
      answer: (command, session) =>
        command.startsWith("RCPT") && session.messages === 1 ? "hang up" : null,
    });
    const sender = pool(server.port);
    await sender.send({ from: "a@mail.test", to: ["first@x.test"] }, message());
    const failed = await sender
      .send({ from: "a@mail.test", to: ["second@x.test"] }, message())
      .catch((error: SmtpError) => error);
    expect(failed).toMatchObject({ code: "ECONNECTION" });
    expect(server.sessions()).toBe(1);
  });

  it("gives up on a server that never greets", async () => {
    const server = await scripted({ greeting: "silence" });
    const started = Date.now();
    const error = await SmtpConnection.open(endpoint(server.port), {
      connectMs: 1000,
      greetingMs: 300,
      replyMs: 1000,
      dataEndMs: 1000,
    }).catch((e: SmtpError) => e);
    expect(error).toMatchObject({ code: "ETIMEDOUT" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("opens no more than maxConnections sessions and queues the rest", async () => {
    const server = await scripted();
    const sender = pool(server.port, {}, 2);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sender.send({ from: "a@mail.test", to: [`r${i}@x.test`] }, message()),
      ),
    );
    expect(server.messages).toHaveLength(10);
    expect(server.sessions()).toBe(2);
  });
});
