import fc from "fast-check";
import type { ListeningServer } from "@/lib/core/smtp/shared-port";
import { openSmtpClient, type RawSmtpClient } from "./smtp-client";
import { waitFor } from "./smtp-server";

/**
 * Hostile SMTP input for the fuzz tests of the submission relay and the bounce receiver
 * (test/integration/submission/fuzz.test.ts): command lines drawn from fast-check arbitraries,
 * broken MIME bodies, and the checks every case ends with.
 */
const NUL = "\u0000";

const verbs = fc.constantFrom(
  "EHLO",
  "HELO",
  "LHLO",
  "MAIL FROM:",
  "RCPT TO:",
  "DATA",
  "BDAT",
  "RSET",
  "NOOP",
  "VRFY",
  "EXPN",
  "HELP",
  "STARTTLS",
  "AUTH PLAIN",
  "AUTH LOGIN",
  "AUTH CRAM-MD5",
  "AUTH XOAUTH2",
  "XCLIENT",
  "XFORWARD",
  "QUIT",
);

const oddArguments = fc.oneof(
  fc.constantFrom(
    "",
    "<>",
    "<@>",
    "<a@b>",
    "<fuzz@example.com> SIZE=99999999999999999999",
    "<fuzz@example.com> BODY=8BITMIME SMTPUTF8",
    "<fuzz@example.com> RET=FULL ENVID=x",
    "<ünïcode@exämple.com>",
    `<a${NUL}b@example.com>`,
    "<" + "a".repeat(5000) + "@example.com>",
    "!!!notbase64",
    "====",
    Buffer.from("\0user\0").toString("base64"),
    "*",
    "ADDR=127.0.0.1 NAME=evil",
  ),
  fc.string({ maxLength: 200 }),
  fc.base64String({ maxLength: 400 }),
);

/** One line of a session, without its CRLF (the case adds it). */
const commandLine = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.tuple(verbs, oddArguments).map(([v, a]) => `${v}${a ? " " : ""}${a}`),
  },
  {
    weight: 2,
    arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString("latin1")),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(NUL, `${NUL}${NUL}EHLO x`, "EHLO x\rRSET", "\n", ".", ""),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 80 }).map((k) => "x".repeat(k * 1024)) },
);

/** A session: what it says after the greeting, line by line, and whether it ends with QUIT. */
export const hostileSession = fc.record({
  lines: fc.array(commandLine, { minLength: 1, maxLength: 25 }),
  quit: fc.boolean(),
});

/**
 * Plays a session and returns its greeting once the connection is closed (by the server, or by
 * us once the server stops answering for `settleMs`). Lines go out as written, pipelined: a
 * client that waits for nothing.
 */
export async function playSession(
  port: number,
  session: { lines: string[]; quit: boolean },
  settleMs = 300,
): Promise<string> {
  const client = await openSmtpClient(port);
  try {
    const greeting = await client.reply(5_000);
    for (const line of session.lines) {
      if (client.isClosed()) break;
      client.socket.write(Buffer.from(`${line}\r\n`, "latin1"));
    }
    if (session.quit && !client.isClosed()) client.socket.write("QUIT\r\n");
    let previous = -1;
    // Read replies until none come for settleMs (a session in DATA mode never answers).
    while (!client.isClosed()) {
      const received = client.socket.bytesRead;
      if (received === previous) break;
      previous = received;
      await new Promise((resolve) => setTimeout(resolve, settleMs));
    }
    return greeting;
  } finally {
    client.close();
  }
}

/** A multipart/mixed nested `depth` levels deep, each level its own boundary. */
function deeplyNested(depth: number): string {
  let body = "Content-Type: text/plain\r\n\r\nthe innermost part\r\n";
  for (let level = depth; level > 0; level--) {
    const boundary = `b${level}`;
    body =
      `Content-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n` +
      `--${boundary}\r\n${body}--${boundary}--\r\n`;
  }
  return body;
}

const headers = (from: string) =>
  `From: ${from}\r\nTo: fuzz@example.com\r\nSubject: broken\r\nMIME-Version: 1.0\r\n`;

/** Message bodies after DATA that no mailer should produce, each named; From as given. */
export function brokenMessages(from: string): { name: string; data: string }[] {
  const manyParameters = Array.from({ length: 10_000 }, (_, i) => `p${i}=v${i}`).join("; ");
  return [
    { name: "no header/body separator", data: `${headers(from)}just text, no blank line\r\n` },
    { name: "only headers, no body", data: headers(from) },
    {
      name: "unterminated multipart boundary",
      data:
        headers(from) +
        'Content-Type: multipart/alternative; boundary="never"\r\n\r\n' +
        "--never\r\nContent-Type: text/plain\r\n\r\nhello\r\n--never\r\nContent-Type: text/html\r\n\r\n<p>cut",
    },
    {
      name: "invalid base64 body",
      data:
        headers(from) +
        "Content-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!@@@ not base64 ~~~\r\n=====\r\n",
    },
    {
      name: "invalid quoted-printable and a bogus charset",
      data:
        headers(from) +
        "Content-Type: text/html; charset=x-no-such-charset\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n=ZZ=\r\n=0",
    },
    {
      name: "Content-Type with 10,000 parameters",
      data: `${headers(from)}Content-Type: text/plain; ${manyParameters}\r\n\r\nbody\r\n`,
    },
    { name: "multipart nested 200 levels", data: headers(from) + deeplyNested(200) },
    {
      name: "a 100 KB header line",
      data: `${headers(from)}X-Long: ${"y".repeat(100_000)}\r\n\r\nbody\r\n`,
    },
    { name: "a NUL byte in a header", data: `${headers(from)}X-Nul: a${NUL}b\r\n\r\nbody\r\n` },
    { name: "a NUL byte in the text", data: `${headers(from)}\r\nbody${NUL}text\r\n` },
    {
      name: "a NUL byte in the subject",
      data: `From: ${from}\r\nTo: fuzz@example.com\r\nSubject: a${NUL}b\r\n\r\nbody\r\n`,
    },
    { name: "empty message", data: "" },
  ];
}

/** Dot-stuffs and terminates a message for DATA. */
export const dataBlock = (data: string) =>
  `${data.replace(/^\./gm, "..")}${data.endsWith("\r\n") || data === "" ? "" : "\r\n"}.\r\n`;

/** Waits until the server holds no socket: every connection a case opened was let go. */
export async function noConnectionsLeft(server: ListeningServer, timeoutMs = 5_000) {
  await waitFor(
    async () => (await server.openConnections()) === 0,
    timeoutMs,
    "the server to hold no connection",
  );
}

/** Opens a connection and reads its greeting. */
export async function greeted(port: number): Promise<{ client: RawSmtpClient; greeting: string }> {
  const client = await openSmtpClient(port);
  return { client, greeting: await client.reply() };
}
