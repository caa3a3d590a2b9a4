import { describe, expect, it } from "vitest";
import {
  classifyInboundMessage,
  MAX_CLASSIFIED_BYTES,
  MAX_REPORTS_PER_MESSAGE,
} from "@/lib/bounces/classify";

/** A multipart/report around the given delivery-status (or feedback-report) body. */
function report(options: {
  body: string;
  headers?: string;
  reportType?: string;
  partType?: string;
  partHeaders?: string;
  text?: string;
  /** Leave out the text/rfc822-headers part. */
  withoutOriginal?: boolean;
}): string {
  const reportType = options.reportType ?? "delivery-status";
  return [
    "From: MAILER-DAEMON@mx.example.net",
    "To: bounces+token@bounces.mail.test",
    "Subject: Undelivered Mail Returned to Sender",
    ...(options.headers ? [options.headers] : []),
    "MIME-Version: 1.0",
    `Content-Type: multipart/report;${reportType ? ` report-type=${reportType};` : ""} boundary="R"`,
    "",
    "--R",
    "Content-Type: text/plain",
    "",
    options.text ?? "Your message could not be delivered.",
    "--R",
    `Content-Type: ${options.partType ?? "message/delivery-status"}`,
    ...(options.partHeaders ? [options.partHeaders] : []),
    "",
    options.body,
    ...(options.withoutOriginal
      ? []
      : [
          "--R",
          "Content-Type: text/rfc822-headers",
          "",
          "Message-ID: <em_01jexample0000000000000099@mail.test>",
          "To: someone@example.net",
        ]),
    "--R--",
    "",
  ].join("\r\n");
}

const perMessage = "Reporting-MTA: dns; mx.example.net\r\n\r\n";

describe("delivery status notifications (RFC 3464)", () => {
  it("reads field names in any case, folded values and <> around the address", async () => {
    const [bounce] = await classifyInboundMessage(
      report({
        body:
          "REPORTING-MTA: DNS; MX.Example.NET\r\n\r\n" +
          "final-RECIPIENT: RFC822; <Some.One@Example.NET>\r\nACTION: Failed\r\n" +
          "status: 5.1.1 (bad destination mailbox address)\r\n" +
          "Diagnostic-Code: smtp;\r\n\t550 5.1.1 no such\r\n   user\r\n",
      }),
    );
    expect(bounce).toMatchObject({
      kind: "bounce",
      severity: "hard",
      action: "failed",
      status: "5.1.1",
      recipient: "some.one@example.net",
      reportingMta: "mx.example.net",
      diagnostic: "smtp; 550 5.1.1 no such user",
      originalMessageId: "<em_01jexample0000000000000099@mail.test>",
    });
  });

  it("takes the status from the diagnostic when Status is missing", async () => {
    const [bounce] = await classifyInboundMessage(
      report({
        body: `${perMessage}Final-Recipient: rfc822; a@example.net\r\nAction: failed\r\nDiagnostic-Code: smtp; 550 5.2.1 disabled\r\n`,
      }),
    );
    expect(bounce).toMatchObject({ severity: "hard", status: "5.2.1" });
  });

  it("calls a failure with a 4.x.x status soft, and one with no code at all hard", async () => {
    const soft = await classifyInboundMessage(
      report({
        body: `${perMessage}Final-Recipient: rfc822; a@example.net\r\nAction: failed\r\nStatus: 4.4.7\r\n`,
      }),
    );
    expect(soft).toMatchObject([{ severity: "soft", action: "failed", status: "4.4.7" }]);
    const bare = await classifyInboundMessage(
      report({
        body: `${perMessage}Final-Recipient: rfc822; a@example.net\r\nAction: failed\r\nDiagnostic-Code: smtp; 452 try later\r\n`,
      }),
    );
    expect(bare).toMatchObject([{ severity: "soft", status: null }]);
    const none = await classifyInboundMessage(
      report({ body: `${perMessage}Final-Recipient: rfc822; a@example.net\r\nAction: failed\r\n` }),
    );
    expect(none).toMatchObject([{ severity: "hard", status: null, diagnostic: null }]);
  });

  it("names the original from X-Original-Message-ID when none is attached", async () => {
    const reports = await classifyInboundMessage(
      report({
        withoutOriginal: true,
        body: "Reporting-MTA: dns; mx.google.com\r\nX-Original-Message-ID: <em_1@mail.test>\r\n\r\nFinal-Recipient: rfc822; a@example.net\r\nAction: failed\r\nStatus: 5.1.1\r\n",
      }),
    );
    expect(reports).toMatchObject([{ kind: "bounce", originalMessageId: "<em_1@mail.test>" }]);
  });

  it("does not report delivered, relayed or expanded recipients", async () => {
    const reports = await classifyInboundMessage(
      report({
        body:
          perMessage +
          "Final-Recipient: rfc822; a@example.net\r\nAction: delivered\r\nStatus: 2.0.0\r\n\r\n" +
          "Final-Recipient: rfc822; b@example.net\r\nAction: expanded\r\nStatus: 2.0.0\r\n",
      }),
    );
    expect(reports).toEqual([{ kind: "ignored", reason: "not_a_report" }]);
  });

  it("reads a base64-encoded delivery-status part and a report without report-type", async () => {
    const body = Buffer.from(
      `${perMessage}Final-Recipient: rfc822; a@example.net\r\nAction: failed\r\nStatus: 5.1.1\r\n`,
    ).toString("base64");
    const reports = await classifyInboundMessage(
      report({ body, reportType: "", partHeaders: "Content-Transfer-Encoding: base64" }),
    );
    expect(reports).toMatchObject([
      { kind: "bounce", recipient: "a@example.net", status: "5.1.1" },
    ]);
  });

  it("is a bounce even with Auto-Submitted: auto-replied and an auto-reply subject", async () => {
    const reports = await classifyInboundMessage(
      report({
        headers: "Auto-Submitted: auto-replied\r\nX-Autoreply: yes",
        body: `${perMessage}Final-Recipient: rfc822; a@example.net\r\nAction: failed\r\nStatus: 5.1.1\r\n`,
      }).replace("Subject: Undelivered Mail Returned to Sender", "Subject: Automatic reply: x"),
    );
    expect(reports).toMatchObject([{ kind: "bounce", severity: "hard" }]);
  });

  it("falls back to the text when the delivery-status part names no recipient", async () => {
    const reports = await classifyInboundMessage(
      report({
        body: "garbled",
        text: "<a@example.net>:\r\nRemote host said: 550 5.1.1 unknown user",
      }),
    );
    expect(reports).toMatchObject([
      { kind: "bounce", recipient: "a@example.net", status: "5.1.1" },
    ]);
  });
});

describe("the read limit", () => {
  it("reads only the first MAX_CLASSIFIED_BYTES, where every report format puts its report", async () => {
    const body = `${perMessage}Final-Recipient: rfc822; a@example.net\r\nAction: failed\r\nStatus: 5.1.1\r\n`;
    const padding = "x".repeat(998) + "\r\n";
    const within = report({
      body,
      text: padding.repeat(Math.floor(MAX_CLASSIFIED_BYTES / 1000) - 10),
    });
    expect(await classifyInboundMessage(within)).toMatchObject([{ kind: "bounce" }]);
    const beyond = report({ body, text: padding.repeat(Math.ceil(MAX_CLASSIFIED_BYTES / 1000)) });
    expect(await classifyInboundMessage(beyond)).toEqual([
      { kind: "ignored", reason: "not_a_report" },
    ]);
    // Counted in bytes, not characters: 700 KB of "é" is 1.4 MB of UTF-8.
    const wide = report({ body, text: ("é".repeat(498) + "\r\n").repeat(1400) });
    expect(wide.length).toBeLessThan(MAX_CLASSIFIED_BYTES);
    expect(await classifyInboundMessage(wide)).toEqual([
      { kind: "ignored", reason: "not_a_report" },
    ]);
  });
});

describe("the report limit", () => {
  it("takes at most MAX_REPORTS_PER_MESSAGE recipients from one message", async () => {
    const group = (i: number) => `Final-Recipient: rfc822; r${i}@example.net\r\nAction: failed\r\n`;
    const body = perMessage + Array.from({ length: 500 }, (_, i) => group(i)).join("\r\n");
    const reports = await classifyInboundMessage(report({ body }));
    expect(reports).toHaveLength(MAX_REPORTS_PER_MESSAGE);
    expect(reports[0]).toMatchObject({ recipient: "r0@example.net" });
    const text = Array.from({ length: 500 }, (_, i) => `<r${i}@example.net>:\r\n550 5.1.1 unknown`);
    const textual = await classifyInboundMessage(
      `From: MAILER-DAEMON@mx.example.net\r\nSubject: failure notice\r\n\r\n${text.join("\r\n")}`,
    );
    expect(textual).toHaveLength(MAX_REPORTS_PER_MESSAGE);
  });
});

describe("feedback reports (RFC 5965)", () => {
  const arf = (fields: string) =>
    report({ reportType: "feedback-report", partType: "message/feedback-report", body: fields });

  it("treats fraud, virus and other as complaints, with the original's To as recipient", async () => {
    for (const type of ["fraud", "virus", "other", "Abuse"]) {
      const reports = await classifyInboundMessage(arf(`Feedback-Type: ${type}\r\nVersion: 1\r\n`));
      expect(reports).toEqual([
        {
          kind: "complaint",
          feedbackType: type.toLowerCase(),
          recipient: "someone@example.net",
          userAgent: null,
          reportingMta: "mx.example.net",
          originalMessageId: "<em_01jexample0000000000000099@mail.test>",
          arrivalDate: null,
        },
      ]);
    }
  });

  it("ignores not-spam, auth-failure and a report without a Feedback-Type", async () => {
    for (const fields of ["Feedback-Type: not-spam", "Feedback-Type: auth-failure", "Version: 1"]) {
      expect(await classifyInboundMessage(arf(`${fields}\r\n`))).toEqual([
        { kind: "ignored", reason: "not_a_report" },
      ]);
    }
  });
});

describe("automatic replies and other mail", () => {
  const mail = (headers: string, body = "I will be back on Monday.") =>
    `From: someone@example.org\r\nTo: bounces+t@bounces.mail.test\r\n${headers}\r\n\r\n${body}\r\n`;

  it.each([
    "Subject: Hello\r\nX-Autorespond: yes",
    "Subject: Hello\r\nPrecedence: auto_reply",
    "Subject: Auto: Hello",
    "Subject: =?utf-8?Q?R=C3=A9ponse_automatique_:_Hello?=",
    "Subject: Out of Office: Hello",
  ])("calls %j an automatic reply", async (headers) => {
    expect(await classifyInboundMessage(mail(headers))).toEqual([
      { kind: "ignored", reason: "auto_reply" },
    ]);
  });

  it("needs a status to call bounce-like wording a bounce", async () => {
    const wording = "Subject: Undeliverable: Hello";
    expect(
      await classifyInboundMessage(mail(wording, "Delivery has failed to a@example.net")),
    ).toEqual([{ kind: "ignored", reason: "not_a_report" }]);
  });

  it("needs the recipient or the original's Message-ID to call a status a bounce", async () => {
    const wording = "Subject: Undeliverable: Hello";
    expect(await classifyInboundMessage(mail(wording, "Remote said: 550 5.1.1 no"))).toEqual([
      { kind: "ignored", reason: "not_a_report" },
    ]);
    const named = await classifyInboundMessage(
      mail(
        wording,
        "Remote said: 550 5.1.1 no\r\n\r\nOriginal message headers:\r\nMessage-ID: <x@mail.test>",
      ),
    );
    expect(named).toMatchObject([
      { kind: "bounce", recipient: null, originalMessageId: "<x@mail.test>" },
    ]);
  });

  it("reads a bare reply code, and a 4xx warning that is still retried as delayed", async () => {
    const reports = await classifyInboundMessage(
      mail(
        "Subject: Warning: message 1tX-00 delayed 24 hours",
        "A message that you sent has not yet been delivered to one or more of its\r\nrecipients after more than 24 hours on the queue.\r\n\r\n  a@example.net\r\n    host mx.example.net [192.0.2.1]: 451 Greylisted, try later\r\n",
      ),
    );
    expect(reports).toMatchObject([
      { severity: "soft", action: "delayed", status: null, recipient: "a@example.net" },
    ]);
  });

  it("reads a sendmail transcript without a DSN part, the recipient from the reply line", async () => {
    const reports = await classifyInboundMessage(
      mail(
        "Subject: Returned mail: see transcript for details",
        "   ----- Transcript of session follows -----\r\n... while talking to mx.example.org.:\r\n" +
          ">>> RCPT To:<lost@example.org>\r\n<<< 550 5.1.1 <lost@example.org>... User unknown\r\n\r\n" +
          "   ----- Unsent message follows -----\r\nMessage-ID: <em_2@mail.test>\r\n",
      ),
    );
    expect(reports).toEqual([
      {
        kind: "bounce",
        severity: "hard",
        action: "failed",
        status: "5.1.1",
        diagnostic: "<<< 550 5.1.1 <lost@example.org>... User unknown",
        recipient: "lost@example.org",
        reportingMta: "example.org",
        remoteMta: null,
        originalMessageId: "<em_2@mail.test>",
        originalEnvelopeId: null,
      },
    ]);
  });

  it("does not take a version number for a status, nor read codes in the quoted original", async () => {
    const reports = await classifyInboundMessage(
      mail(
        "Subject: Mail delivery failed",
        "A message could not be delivered.\r\n\r\n  a@example.net\r\n    Exim 4.94.2: no such user\r\n\r\n" +
          "------ This is a copy of the message, including all the headers. ------\r\n" +
          "Received: by mail.example.com; 550 5.1.1 a@example.net\r\nMessage-ID: <x@mail.test>\r\n",
      ),
    );
    expect(reports).toEqual([{ kind: "ignored", reason: "not_a_report" }]);
  });
});
