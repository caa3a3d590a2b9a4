import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classifyInboundMessage, type InboundReport } from "@/lib/bounces/classify";

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures/bounces");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, `${name}.eml`));
const mid = (n: string) => `<em_01jexample00000000000000${n}@mail.test>`;

type Expected =
  | {
      kind: "bounce";
      severity: "hard" | "soft";
      action: "failed" | "delayed";
      status: string | null;
      recipient: string | null;
      reportingMta: string | null;
      remoteMta: string | null;
      originalMessageId: string | null;
      originalEnvelopeId?: string | null;
      /** A substring of the diagnostic. */
      diagnostic: string;
    }
  | Extract<InboundReport, { kind: "complaint" | "ignored" }>;

const bounce = (fields: Omit<Extract<Expected, { kind: "bounce" }>, "kind">): Expected => ({
  kind: "bounce",
  ...fields,
});

/** Every fixture and what it reports, in the order the corpus table in docs lists them. */
const CORPUS: Record<string, Expected[]> = {
  "postfix-user-unknown": [
    bounce({
      severity: "hard",
      action: "failed",
      status: "5.1.1",
      recipient: "nobody@example.net",
      reportingMta: "mx.example.net",
      remoteMta: "mail.example.net",
      originalMessageId: mid("01"),
      originalEnvelopeId: null,
      diagnostic:
        "smtp; 550 5.1.1 <nobody@example.net>: Recipient address rejected: User unknown in local recipient table",
    }),
  ],
  "postfix-mailbox-full-delayed": [
    bounce({
      severity: "soft",
      action: "delayed",
      status: "4.2.2",
      recipient: "full.box@example.org",
      reportingMta: "mx.example.net",
      remoteMta: "mx.example.org",
      originalMessageId: mid("02"),
      diagnostic: "452 4.2.2 <full.box@example.org>: Mailbox full",
    }),
  ],
  "postfix-multiple-recipients": [
    bounce({
      severity: "hard",
      action: "failed",
      status: "5.1.1",
      recipient: "alice.gone@example.net",
      reportingMta: "relay.example.net",
      remoteMta: "mail.example.net",
      originalMessageId: mid("03"),
      diagnostic: "User unknown in local recipient table",
    }),
    bounce({
      severity: "soft",
      action: "delayed",
      status: "4.4.1",
      recipient: "bob@slow.example.org",
      reportingMta: "relay.example.net",
      remoteMta: null,
      originalMessageId: mid("03"),
      diagnostic:
        "X-Postfix; connect to mx.slow.example.org[203.0.113.77]:25: Connection timed out",
    }),
  ],
  "exim-dsn": [
    bounce({
      severity: "hard",
      action: "failed",
      status: "5.0.0",
      recipient: "ghost@example.org",
      reportingMta: "mx1.example.org",
      remoteMta: "mail.example.org",
      originalMessageId: mid("04"),
      diagnostic: "550 5.1.1 <ghost@example.org>: Recipient address rejected",
    }),
  ],
  "exim-legacy-text": [
    bounce({
      severity: "hard",
      action: "failed",
      status: "5.1.1",
      recipient: "old.friend@example.com",
      reportingMta: "mail.example.com",
      remoteMta: "mx.example.com",
      originalMessageId: mid("05"),
      diagnostic: "host mx.example.com [192.0.2.44]: 550 5.1.1",
    }),
  ],
  "microsoft-exchange-online-ndr": [
    bounce({
      severity: "hard",
      action: "failed",
      status: "5.1.10",
      recipient: "former.employee@contoso.example",
      reportingMta: "bn8pr04mb6001.namprd04.prod.outlook.com",
      remoteMta: null,
      originalMessageId: mid("06"),
      diagnostic: "550 5.1.10 RESOLVER.ADR.RecipientNotFound",
    }),
  ],
  "microsoft-text-ndr": [
    bounce({
      severity: "hard",
      action: "failed",
      status: "5.1.10",
      recipient: "j.doe@fabrikam.example",
      reportingMta: "exch01.fabrikam.example",
      remoteMta: null,
      originalMessageId: mid("07"),
      diagnostic: "Remote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound",
    }),
  ],
  "microsoft-html-only-ndr": [
    bounce({
      severity: "hard",
      action: "failed",
      status: "5.2.2",
      recipient: "accounts@northwind.example",
      reportingMta: "mail02.northwind.example",
      remoteMta: null,
      originalMessageId: mid("21"),
      diagnostic: "'554 5.2.2 mailbox full; STOREDRV.Deliver.Exception",
    }),
  ],
  "gmail-nosuchuser": [
    bounce({
      severity: "hard",
      action: "failed",
      status: "5.1.1",
      recipient: "no.such.user.2026@gmail.com",
      reportingMta: "mx.google.com",
      remoteMta: null,
      originalMessageId: mid("08"),
      diagnostic: "550-5.1.1 The email account that you tried to reach does not exist.",
    }),
  ],
  "gmail-blocked-550-5.7.1": [
    bounce({
      severity: "hard",
      action: "failed",
      status: "5.7.1",
      recipient: "reader.one@gmail.com",
      reportingMta: "googlemail.com",
      remoteMta: "gmail-smtp-in.l.google.com",
      originalMessageId: mid("09"),
      diagnostic: "this message is 550-5.7.1 likely unsolicited mail",
    }),
  ],
  "yahoo-dsn": [
    bounce({
      severity: "hard",
      action: "failed",
      status: "5.0.0",
      recipient: "someone.gone@yahoo.example",
      reportingMta: "a8-41.smtp.relay.example",
      remoteMta: "mta7.am0.yahoodns.example",
      originalMessageId: mid("10"),
      originalEnvelopeId: "em_01jexample0000000000000010",
      diagnostic: "554 delivery error: dd This user doesn't have a yahoo.example account",
    }),
  ],
  qmail: [
    bounce({
      severity: "hard",
      action: "failed",
      status: "5.1.1",
      recipient: "closed.account@example.com",
      reportingMta: "mail.example.com",
      remoteMta: null,
      originalMessageId: mid("11"),
      diagnostic: "Remote host said: 550 5.1.1 <closed.account@example.com>: Mailbox unavailable",
    }),
  ],
  "sendmail-returned-mail": [
    bounce({
      severity: "hard",
      action: "failed",
      status: "5.1.1",
      recipient: "lost@example.org",
      reportingMta: "smtp.example.org",
      remoteMta: "mx.example.org",
      originalMessageId: mid("12"),
      diagnostic: "SMTP; 550 5.1.1 <lost@example.org>... User unknown",
    }),
  ],
  "global-delivery-status": [
    bounce({
      severity: "hard",
      action: "failed",
      status: "5.1.1",
      recipient: "jose@example.es",
      reportingMta: "correo.example.es",
      remoteMta: "buzon.example.es",
      originalMessageId: mid("13"),
      originalEnvelopeId: "em_01jexample0000000000000013",
      diagnostic: "Buzón no disponible (usuario desconocido)",
    }),
  ],
  "arf-abuse-yahoo-style": [
    {
      kind: "complaint",
      feedbackType: "abuse",
      recipient: "reader.two@yahoo.example",
      userAgent: "Yahoo!-Mail-Feedback/2.0",
      reportingMta: "fbl.mail.yahoo.example",
      originalMessageId: mid("14"),
      arrivalDate: "Mon, 23 Nov 2026 09:14:01 +0000",
    },
  ],
  "arf-abuse-microsoft-style": [
    {
      kind: "complaint",
      feedbackType: "abuse",
      recipient: "reader.three@outlook.example",
      userAgent: "Hotmail FBL",
      reportingMta: "hotmail.example",
      originalMessageId: mid("15"),
      arrivalDate: "Mon, 23 Nov 2026 16:30:12 -0800",
    },
  ],
  "arf-not-spam": [{ kind: "ignored", reason: "not_a_report" }],
  "out-of-office": [{ kind: "ignored", reason: "auto_reply" }],
  "out-of-office-german": [{ kind: "ignored", reason: "auto_reply" }],
  "vacation-autoreply": [{ kind: "ignored", reason: "auto_reply" }],
  "auto-generated-but-not-bounce": [{ kind: "ignored", reason: "not_a_report" }],
  "plain-human-reply": [{ kind: "ignored", reason: "not_a_report" }],
  garbage: [{ kind: "ignored", reason: "unparseable" }],
};

function asMatcher(expected: Expected) {
  if (expected.kind !== "bounce") return expected;
  return {
    originalEnvelopeId: null,
    ...expected,
    diagnostic: expect.stringContaining(expected.diagnostic),
  };
}

describe("classifyInboundMessage: the corpus", () => {
  it("has an expectation for every fixture and a fixture for every expectation", () => {
    const files = readdirSync(FIXTURES)
      .filter((f) => f.endsWith(".eml"))
      .map((f) => f.slice(0, -4));
    expect(files.sort()).toEqual(Object.keys(CORPUS).sort());
  });

  it.each(Object.entries(CORPUS))("%s", async (name, expected) => {
    const reports = await classifyInboundMessage(fixture(name));
    expect(reports).toHaveLength(expected.length);
    expected.forEach((report, i) => expect(reports[i]).toStrictEqual(asMatcher(report)));
  });

  it("reads a message given as a string the same as the bytes", async () => {
    const raw = fixture("global-delivery-status");
    expect(await classifyInboundMessage(raw.toString("utf8"))).toEqual(
      await classifyInboundMessage(raw),
    );
  });

  it("reads LF-only copies of the CRLF fixtures the same", async () => {
    for (const name of ["postfix-user-unknown", "microsoft-text-ndr", "arf-abuse-yahoo-style"]) {
      const lf = fixture(name).toString("utf8").replaceAll("\r\n", "\n");
      expect(await classifyInboundMessage(lf)).toEqual(await classifyInboundMessage(fixture(name)));
    }
  });
});

/** mulberry32: a seeded generator, so a failing input can be reproduced. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function expectWellFormed(reports: InboundReport[]) {
  expect(reports.length).toBeGreaterThan(0);
  for (const report of reports) expect(["bounce", "complaint", "ignored"]).toContain(report.kind);
}

const REPORT_HEAD = Buffer.from(
  "From: MAILER-DAEMON@mx.example.net\r\nSubject: Undelivered Mail Returned to Sender\r\n" +
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b"\r\n\r\n' +
    "--b\r\nContent-Type: message/delivery-status\r\n\r\n",
);

describe("classifyInboundMessage: garbage never throws", () => {
  it("answers for random bytes, bare or behind the start of a report", async () => {
    const next = seeded(20261124);
    for (let i = 0; i < 200; i++) {
      const bytes = Buffer.alloc(Math.floor(next() * 16_000));
      for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(next() * 256);
      expectWellFormed(
        await classifyInboundMessage(i % 2 ? Buffer.concat([REPORT_HEAD, bytes]) : bytes),
      );
    }
  }, 60_000);

  it("answers for every fixture cut short anywhere", async () => {
    for (const name of Object.keys(CORPUS)) {
      const raw = fixture(name);
      for (let cut = 0; cut < raw.length; cut += Math.max(1, Math.floor(raw.length / 40))) {
        expectWellFormed(await classifyInboundMessage(raw.subarray(0, cut)));
      }
    }
  }, 60_000);

  it("answers for the fixtures' lines shuffled into new messages", async () => {
    const next = seeded(7);
    const lines = Object.keys(CORPUS)
      .filter((name) => name !== "garbage")
      .flatMap((name) => fixture(name).toString("utf8").split("\n"));
    for (let i = 0; i < 150; i++) {
      const picked = Array.from({ length: 20 + Math.floor(next() * 200) }, () => {
        return lines[Math.floor(next() * lines.length)]!;
      });
      expectWellFormed(await classifyInboundMessage(picked.join("\n")));
    }
  }, 60_000);

  it("classifies a DSN quoting a 5 MB original in well under a second", async () => {
    const raw = fixture("postfix-user-unknown").toString("utf8");
    const body = "Hello! Here is what changed this month.\r\n";
    const big = raw.replace(body, body.repeat(Math.ceil((5 * 1024 * 1024) / body.length)));
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const started = performance.now();
    const reports = await classifyInboundMessage(Buffer.from(big));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(reports).toMatchObject([
      { kind: "bounce", status: "5.1.1", originalMessageId: mid("01") },
    ]);
  });

  it("reads 5 MB of junk shaped to hurt a scanner in well under a second", async () => {
    const head = "From: MAILER-DAEMON@mx.example.net\r\nSubject: Undeliverable: x\r\n\r\n";
    const shapes = ["550 5.1.1 <a@b.example> ", "<".repeat(1000) + "\r\n", "a@".repeat(500) + "\n"];
    for (const shape of shapes) {
      const junk = head + shape.repeat(Math.ceil((5 * 1024 * 1024) / shape.length));
      const started = performance.now();
      expectWellFormed(await classifyInboundMessage(junk));
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});
