import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { Config } from "@/lib/core/config";
import type { ListeningServer } from "@/lib/core/smtp/shared-port";
import { startBounceReceiver } from "@/lib/inbound/receiver";
import { returnPathAddress } from "@/lib/sending/return-path";
import { startSubmissionServer } from "@/lib/submission/server";
import { linkSigningKey } from "@/lib/tracking/key";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { openSmtpClient, type RawSmtpClient } from "../../support/smtp-client";
import {
  brokenMessages,
  dataBlock,
  greeted,
  hostileSession,
  noConnectionsLeft,
  playSession,
} from "../../support/smtp-fuzz";

/**
 * Both SMTP ports of the app (the submission relay of DECISIONS §16, the bounce receiver of §9)
 * against clients that do not play fair: random bytes and commands, commands out of order,
 * broken AUTH and MIME, 10,000 recipients, a client trickling a byte at a time, more connections
 * than allowed. The servers run in this process, so a crash fails the run; after every case a
 * fresh client still completes a valid exchange and the server holds no connection.
 */
let app: TestApp;
let project: TestProject;
let validReturnPath: string;
const servers: ListeningServer[] = [];
const crashes: unknown[] = [];
const recordCrash = (error: unknown) => crashes.push(error);

/** A port under test: its server, and what a well-behaved client says to it. */
type Port = {
  server: ListeningServer;
  /** From greeting to the point of MAIL FROM (EHLO, and AUTH on the relay). */
  opening: string[];
  sender: string;
  recipient: (i: number) => string;
  /** What the port answers a recipient it refuses (test of 10,000 RCPT). */
  refusedRecipient: RegExp;
};
const ports: Record<"submission relay" | "bounce receiver", Port> = {} as never;

const relayOpening = (key: string) => [
  "EHLO app.example",
  `AUTH PLAIN ${Buffer.from(`\0fuzz\0${key}`).toString("base64")}`,
];

async function startRelay(config: Partial<Config> = {}) {
  const server = await startSubmissionServer(
    { ...app.runtime, config: { ...app.runtime.config, ...config } },
    { port: 0, host: "127.0.0.1" },
  );
  servers.push(server);
  return server;
}

async function startReceiver(config: Partial<Config> = {}) {
  const server = await startBounceReceiver(
    { ...app.runtime, config: { ...app.runtime.config, ...config } },
    { port: 0, host: "127.0.0.1" },
  );
  servers.push(server);
  return server;
}

beforeAll(async () => {
  process.on("uncaughtException", recordCrash);
  process.on("unhandledRejection", recordCrash);
  app = await startTestApp({ worker: "off" });
  project = await app.createProject({ domain: "mail.test" });
  const signingKey = await linkSigningKey(app.runtime);
  validReturnPath = returnPathAddress(
    app.runtime.config,
    signingKey,
    `em_${"0".repeat(26)}`,
    "mail.test",
  );
  ports["submission relay"] = {
    server: await startRelay({ submissionMaxConnectionsPerClient: 3 }),
    opening: relayOpening(project.live),
    sender: "fuzz@mail.test",
    recipient: (i) => `fuzz${i}@example.com`,
    refusedRecipient: /^452 4\.5\.3 /,
  };
  ports["bounce receiver"] = {
    server: await startReceiver({ inboundMaxConnectionsPerClient: 3 }),
    opening: ["EHLO mta.example"],
    sender: "",
    recipient: () => validReturnPath,
    refusedRecipient: /^550 5\.1\.1 /,
  };
}, 60_000);
afterAll(async () => {
  for (const server of servers) await server.close();
  await app?.close();
  process.off("uncaughtException", recordCrash);
  process.off("unhandledRejection", recordCrash);
});
afterEach(() => {
  expect(crashes).toEqual([]);
});

/** Greeting, the port's opening, MAIL FROM and one RCPT: a transaction ready for DATA. */
async function openTransaction(port: Port, server = port.server): Promise<RawSmtpClient> {
  const client = await openSmtpClient(server.port);
  onTestFinished(() => client.close());
  expect(await client.reply()).toMatch(/^220 /);
  for (const line of port.opening) expect(await client.command(line)).toMatch(/^2\d\d[ -]/);
  expect(await client.command(`MAIL FROM:<${port.sender}>`)).toMatch(/^250 /);
  expect(await client.command(`RCPT TO:<${port.recipient(0)}>`)).toMatch(/^250 /);
  return client;
}

/** What every case ends with: nothing crashed, a valid message goes through, no socket held. */
async function stillServes(port: Port, server = port.server) {
  expect(crashes).toEqual([]);
  const client = await openTransaction(port, server);
  expect(await client.command("DATA")).toMatch(/^354 /);
  const message = `From: Fuzz <${port.sender || "mailer-daemon@mta.example"}>\r\nTo: <${port.recipient(0)}>\r\nSubject: still here\r\n\r\nhello\r\n`;
  expect(await client.command(dataBlock(message).slice(0, -2))).toMatch(/^250 /);
  expect(await client.command("QUIT")).toMatch(/^221 /);
  await client.closed;
  await noConnectionsLeft(server);
}

describe.each(["submission relay", "bounce receiver"] as const)(
  `the %s (${TEST_DRIVER})`,
  (name) => {
    it("survives random command sessions (fast-check, fixed seed), before and after its opening", async () => {
      const port = ports[name];
      for (const opening of [[], port.opening]) {
        await fc.assert(
          fc.asyncProperty(hostileSession, async (session) => {
            const greeting = await playSession(port.server.port, {
              ...session,
              lines: [...opening, ...session.lines],
            });
            await noConnectionsLeft(port.server);
            // With a cap of 3 per client, a place never given back shows as a 421 within 3 runs.
            return greeting.startsWith("220 ") && crashes.length === 0;
          }),
          { seed: 20261127, numRuns: 15, endOnFailure: true },
        );
      }
      await stillServes(port);
    }, 60_000);

    it("answers every broken message after DATA with 250 or a permanent refusal", async () => {
      const port = ports[name];
      const replies = new Map<string, string>();
      for (const { name: broken, data } of brokenMessages(port.sender || "mta@example.com")) {
        const client = await openTransaction(port);
        expect(await client.command("DATA")).toMatch(/^354 /);
        const started = Date.now();
        client.socket.write(dataBlock(data));
        const reply = await client.reply(10_000);
        expect({ broken, reply }).toEqual({ broken, reply: expect.stringMatching(/^(250|55\d) /) });
        expect(Date.now() - started).toBeLessThan(5_000);
        replies.set(broken, reply);
        client.close();
      }
      if (name === "submission relay") {
        // What the database cannot store is refused for good, not answered 451 for ever.
        expect(replies.get("a NUL byte in the text")).toMatch(/^550 5\.6\.0 .*NUL/);
        expect(replies.get("Content-Type with 10,000 parameters")).toMatch(/^250 /);
      }
      await stillServes(port);
    }, 60_000);

    it("refuses recipients over its limit in a pipelined transaction of 10,000 RCPT, and stays responsive", async () => {
      const port = ports[name];
      const client = await openTransaction(port);
      const invalid = name === "bounce receiver";
      // The relay's recipients are valid (the 100 limit refuses them); the receiver's are forged.
      const recipients = Array.from({ length: 9_999 }, (_, i) =>
        invalid ? `bounces+forged${i}@mail.test` : port.recipient(i + 1),
      );
      client.socket.write(recipients.map((r) => `RCPT TO:<${r}>\r\n`).join(""));
      // Meanwhile another client is served.
      const other = await greeted(port.server.port);
      expect(other.greeting).toMatch(/^220 /);
      other.client.close();
      const replies: string[] = [];
      while (replies.length < recipients.length) replies.push(await client.reply(30_000));
      const accepted = replies.filter((r) => r.startsWith("250 ")).length;
      expect(accepted).toBe(invalid ? 0 : 99);
      expect(replies.slice(invalid ? 0 : 99).every((r) => port.refusedRecipient.test(r))).toBe(
        true,
      );
      expect(await client.command("NOOP", 2_000)).toMatch(/^250 /);
      client.close();
      await stillServes(port);
    }, 60_000);
  },
);

describe(`AUTH and commands out of order on the submission relay (${TEST_DRIVER})`, () => {
  const sessions: { name: string; lines: string[]; replies: RegExp[] }[] = [
    {
      name: "MAIL before AUTH",
      lines: ["EHLO a", "MAIL FROM:<fuzz@mail.test>", "RCPT TO:<a@example.com>", "DATA"],
      replies: [/^250[ -]/, /^530 /, /^530 /, /^530 /],
    },
    {
      name: "DATA before RCPT, RCPT before MAIL",
      lines: [
        "EHLO a",
        "AUTH PLAIN {key}",
        "DATA",
        "RCPT TO:<a@example.com>",
        "MAIL FROM:<fuzz@mail.test>",
        "DATA",
      ],
      replies: [/^250[ -]/, /^235 /, /^503 /, /^503 /, /^250 /, /^503 /],
    },
    {
      name: "a command line over 64 KB",
      lines: ["EHLO a", `NOOP ${"x".repeat(70_000)}`],
      replies: [/^250[ -]/, /^421 .*too long/],
    },
    {
      name: "NUL bytes in commands",
      lines: ["EHLO a\u0000b", "\u0000\u0000", "MAIL FROM:<a\u0000b@mail.test>", "NOOP"],
      replies: [/^(250|5\d\d)[ -]/, /^5\d\d /, /^5\d\d /, /^250 /],
    },
    {
      name: "AUTH twice",
      lines: ["EHLO a", "AUTH PLAIN {key}", "AUTH PLAIN {key}"],
      replies: [/^250[ -]/, /^235 /, /^503 /],
    },
    {
      name: "AUTH PLAIN with bad base64",
      lines: ["EHLO a", "AUTH PLAIN !!!notbase64", "NOOP"],
      replies: [/^250[ -]/, /^5\d\d /, /^250 /],
    },
    {
      name: "AUTH LOGIN then garbage",
      lines: ["EHLO a", "AUTH LOGIN", "\u0000\u00ff garbage", "%%%"],
      replies: [/^250[ -]/, /^334 /, /^334 |^5\d\d /, /^5\d\d /],
    },
    {
      name: "AUTH PLAIN with an empty password",
      lines: ["EHLO a", `AUTH PLAIN ${Buffer.from("\0fuzz\0").toString("base64")}`],
      replies: [/^250[ -]/, /^535 /],
    },
    {
      name: "AUTH PLAIN with a 100 KB password",
      lines: [
        "EHLO a",
        `AUTH PLAIN ${Buffer.from(`\0fuzz\0${"k".repeat(100_000)}`).toString("base64")}`,
      ],
      // Over smtp-server's command line limit: refused, and the connection closed.
      replies: [/^250[ -]/, /^421 .*too long/],
    },
  ];
  it.each(sessions)("$name: error replies, and the relay serves on", async ({ lines, replies }) => {
    const port = ports["submission relay"];
    const { client, greeting } = await greeted(port.server.port);
    onTestFinished(() => client.close());
    expect(greeting).toMatch(/^220 /);
    const got: string[] = [];
    for (const line of lines) {
      got.push(
        await client
          .command(line.replace("{key}", Buffer.from(`\0fuzz\0${project.live}`).toString("base64")))
          .catch(() => "closed"),
      );
      if (got.at(-1) === "closed") break;
    }
    expect(got.map((reply, i) => replies[i]!.test(reply) || reply)).toEqual(
      replies.map(() => true),
    );
    client.close();
    await stillServes(port);
  });
});

describe.each([
  ["submission relay", startRelay, "submission"],
  ["bounce receiver", startReceiver, "inbound"],
] as const)(`the %s's connection limits (${TEST_DRIVER})`, (name, start, prefix) => {
  it("ends a client trickling a command a byte every 200 ms at the session deadline", async () => {
    const server = await start({
      [`${prefix}IdleTimeoutSeconds`]: 1,
      [`${prefix}MaxSessionSeconds`]: 2,
    });
    const { client, greeting } = await greeted(server.port);
    expect(greeting).toMatch(/^220 /);
    const started = Date.now();
    const line = `EHLO ${"slow".repeat(10)}.example\r\n`;
    for (const byte of line) {
      if (client.isClosed()) break;
      client.socket.write(byte);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await client.reply(1_000)).toMatch(/^421 4\.4\.2 /);
    await client.closed;
    const lasted = Date.now() - started;
    expect(lasted).toBeGreaterThanOrEqual(1_900);
    expect(lasted).toBeLessThan(4_000);
    await stillServes(ports[name], server);
  });

  it("refuses a client's connections past its cap with 421, and lets every one go", async () => {
    const server = await start({
      [`${prefix}MaxConnections`]: 20,
      [`${prefix}MaxConnectionsPerClient`]: 3,
    });
    const opened = await Promise.all(Array.from({ length: 12 }, () => greeted(server.port)));
    const greetings = opened.map((o) => o.greeting);
    expect(greetings.filter((g) => g.startsWith("220 "))).toHaveLength(3);
    expect(greetings.filter((g) => g.startsWith("421 "))).toHaveLength(9);
    for (const { client } of opened) client.close();
    await noConnectionsLeft(server);
    await stillServes(ports[name], server);
  });
});
