import { describe, expect, it } from "vitest";
import {
  findAddress,
  findEnhancedStatus,
  findReplyCode,
  mtaName,
  parseFieldGroups,
} from "@/lib/bounces/fields";
import { findQuotedMessageId, normalizeMessageId } from "@/lib/bounces/original";
import { htmlToText } from "@/lib/bounces/report-text";

describe("report field readers", () => {
  it("splits field groups on blank lines and joins folded lines", () => {
    const groups = parseFieldGroups(
      "Reporting-MTA: dns; a\r\n\r\n\r\nAction: failed\nDiagnostic-Code: smtp; 550\n\t  more\r\n  text\nAction: delayed\n",
    );
    expect(groups.map((g) => Object.fromEntries(g))).toEqual([
      { "reporting-mta": "dns; a" },
      { action: "failed", "diagnostic-code": "smtp; 550 more text" },
    ]);
  });

  it("finds RFC 3463 status codes and nothing that merely looks like one", () => {
    expect(findEnhancedStatus("550 5.1.10 RESOLVER")).toBe("5.1.10");
    expect(findEnhancedStatus("said: 452 4.2.2.")).toBe("4.2.2");
    expect(findEnhancedStatus("'550-5.7.1 [198.51.100.7]")).toBe("5.7.1");
    for (const line of [
      "Exim 4.94.2",
      "192.0.2.1",
      "v5.1.1",
      "5.1.1a",
      "3.1.1",
      "5.1",
      "5.1.1234",
    ]) {
      expect(findEnhancedStatus(line)).toBeNull();
    }
  });

  it("finds bare SMTP reply codes as words only", () => {
    expect(findReplyCode("Remote host said: 550 no")).toBe("550");
    expect(findReplyCode("<<< 452-Try later")).toBe("452");
    for (const line of ["port 465", "id 550abc", "a550", "550@example.net", "5.5.0", "650 x"]) {
      expect(findReplyCode(line)).toBeNull();
    }
  });

  it("finds addresses inside prose and MTA names after their type", () => {
    expect(findAddress("rfc822; <Some.One@Example.net>")).toBe("some.one@example.net");
    expect(findAddress("J.Doe@fabrikam.example (J.Doe@fabrikam.example)")).toBe(
      "j.doe@fabrikam.example",
    );
    expect(findAddress("RCPT TO:<a@b.example>:")).toBe("a@b.example");
    expect(findAddress("no address here @ all")).toBeNull();
    expect(mtaName("dns; gmail-smtp-in.l.google.com. 142.250.0.26")).toBe(
      "gmail-smtp-in.l.google.com",
    );
    expect(mtaName("dns;")).toBeNull();
  });

  it("normalizes Message-IDs and finds a quoted one, folded or not", () => {
    expect(normalizeMessageId(" <a@b> (comment)")).toBe("<a@b>");
    expect(normalizeMessageId("a@b")).toBe("<a@b>");
    expect(normalizeMessageId("<no-at-sign>")).toBeNull();
    expect(normalizeMessageId("<a@b")).toBeNull();
    expect(findQuotedMessageId("Subject: x\nMessage-Id:\n  <q@mail.test>\n")).toBe("<q@mail.test>");
    expect(findQuotedMessageId("X-Message-ID: <no@mail.test>\n")).toBeNull();
  });

  it("turns HTML into lines", () => {
    expect(
      htmlToText("<p>a@b.example<br>Remote &#39;550&#39; &amp; <b>more</b></p>x &bogus; y"),
    ).toBe("\na@b.example\nRemote '550' & more\nx &bogus; y");
  });
});
