import { describe, expect, it } from "vitest";
import { attachmentHeaders } from "@/lib/received-emails/attachments";
import {
  fingerprintOf,
  headerMap,
  messageIds,
  readReceivedMessage,
} from "@/lib/received-emails/parse";
import { domainOfAddress } from "@/lib/received-emails/receiving-domains";

const raw = Buffer.from(
  [
    "From: Ada <ada@example.com>",
    "To: support@acme.test, Sales <sales@acme.test>",
    "Subject: Hello",
    "Message-ID: <m1@example.com>",
    "In-Reply-To: <em_1@acme.test>",
    "Received: from a",
    "Received: from b",
    "",
    "Body line",
    "",
  ].join("\r\n"),
);

describe("reading a received message", () => {
  it("reads addresses, ids and headers with mailparser", async () => {
    const message = await readReceivedMessage(raw);
    expect(message).toMatchObject({
      from: "Ada <ada@example.com>",
      to: ["support@acme.test", "sales@acme.test"],
      cc: [],
      subject: "Hello",
      messageId: "<m1@example.com>",
      inReplyTo: ["<em_1@acme.test>"],
      attachments: [],
    });
    expect(message.headers.received).toBe("from a\nfrom b");
  });

  it("keeps a message the parser throws on as its headers and text", async () => {
    const message = await readReceivedMessage(raw, () => Promise.reject(new Error("boom")));
    expect(message).toMatchObject({
      from: "Ada <ada@example.com>",
      to: ["support@acme.test", "sales@acme.test"],
      subject: "Hello",
      text: "Body line\r\n",
      html: null,
      messageId: "<m1@example.com>",
      inReplyTo: ["<em_1@acme.test>"],
    });
  });

  it("unfolds headers and lower-cases their names", () => {
    expect(headerMap(["Subject: a\r\n b", "X-A: 1", "x-a: 2", "no colon"])).toEqual({
      subject: "a b",
      "x-a": "1\n2",
    });
  });

  it("bounds the ids an In-Reply-To can make us look up", () => {
    const many = Array.from({ length: 20 }, (_, i) => `<id${i}@x>`).join(" ");
    expect(messageIds(many)).toHaveLength(10);
    expect(messageIds(`<${"a".repeat(400)}@x> <ok@x> <ok@x>`)).toEqual(["<ok@x>"]);
    expect(messageIds("no ids here")).toEqual([]);
  });

  it("names a message by its Message-ID, else by a digest of its bytes", () => {
    expect(fingerprintOf({ messageId: "<m1@x>" }, raw)).toBe("<m1@x>");
    expect(fingerprintOf({ messageId: null }, raw)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("takes an address's domain lower-cased, without a trailing dot", () => {
    expect(domainOfAddress("Support@Acme.Test.")).toBe("acme.test");
    expect(domainOfAddress("no-at-sign")).toBe("");
  });
});

describe("handing an attachment out", () => {
  it("always as a download, never sniffed, the name kept safe in the header", () => {
    const headers = attachmentHeaders({
      contentType: "text/html",
      filename: 'évil".html',
      size: 12,
    });
    expect(headers["Content-Disposition"]).toBe(
      `attachment; filename="_vil_.html"; filename*=UTF-8''%C3%A9vil%22.html`,
    );
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Content-Security-Policy"]).toContain("sandbox");
  });
});
