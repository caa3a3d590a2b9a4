import MailComposer from "nodemailer/lib/mail-composer";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { composeMessageBytes, composerOptions } from "@/lib/core/mime/compose";
import { quotedPrintablePart } from "@/lib/core/mime/quoted-printable";
import type { OutgoingMessage } from "@/lib/core/transports";

const base: OutgoingMessage = {
  from: "Acme News <news@mail.test>",
  to: "reader@example.com",
  cc: [],
  bcc: [],
  replyTo: [],
  subject: "This week at Acme",
  html: `<p>Hello — ${"long line ".repeat(40)}</p>\n<a href="https://t.test/c?a=1&b=2">x</a>`,
  text: `Hello — ${"long line ".repeat(40)}\nhttps://t.test/c?a=1&b=2`,
  messageId: "<em_1@mail.test>",
  headers: { "List-Unsubscribe": "<https://t.test/u/1>", "List-Unsubscribe-Post": "x" },
  attachments: [],
};

/** Messages whose headers exercise what MailComposer does for us: encoding, quoting, folding. */
const CASES: [string, Partial<OutgoingMessage>][] = [
  ["a plain campaign email", {}],
  ["non-ASCII subject and names", { from: "Café Ünïcode <news@mail.test>", subject: "Ça va ☕ ?" }],
  [
    "names that need quotes, cc and reply-to",
    {
      from: `"Acme, Inc." <news@mail.test>`,
      to: "O'Brien <ob@example.com>",
      cc: ["a@example.com", "B <b@example.com>"],
      bcc: ["hidden@example.com"],
      replyTo: ["help@mail.test"],
    },
  ],
  [
    "long subject and headers that fold",
    {
      subject: "A subject that goes on ".repeat(8),
      headers: {
        "List-Unsubscribe": `<https://t.test/u/${"x".repeat(120)}>, <mailto:u@mail.test?subject=${"y".repeat(60)}>`,
        "Feedback-ID": "cmp_1:prj_1:mailwright",
        "X-PM-Metadata-mw": "em_1",
      },
    },
  ],
  ["an empty text part", { text: "" }],
];

/** MailComposer's own build() of the same options: what our fast path must equal, byte for byte. */
function mailComposerBytes(message: OutgoingMessage, date: Date): Promise<Buffer> {
  const parts = {
    text: quotedPrintablePart("plain", message.text!).bytes,
    html: quotedPrintablePart("html", message.html!).bytes,
  };
  const options = { ...composerOptions(message, parts), date, baseBoundary: "0123456789abcdef" };
  return new MailComposer(options).compile().build();
}

/** Our bytes with the same date and boundary (the only two inputs not in the message). */
function sameInputs(raw: Buffer, date: Date): Buffer {
  const text = raw.toString("latin1");
  const boundary = /boundary="--_NmP-([0-9a-f]+)-Part_1"/.exec(text)?.[1];
  expect(boundary, "the root's boundary").toBeTruthy();
  return Buffer.from(
    text
      .split(boundary!)
      .join("0123456789abcdef")
      .replace(/^Date: .*$/m, `Date: ${date.toUTCString().replace(/GMT/, "+0000")}`),
    "latin1",
  );
}

describe("composeMessageBytes", () => {
  it.each(CASES)("writes exactly what MailComposer writes: %s", async (_name, change) => {
    const message = { ...base, ...change };
    const date = new Date("2026-12-01T10:00:00Z");
    const ours = sameInputs(await composeMessageBytes(message), date);
    expect(ours.toString("latin1")).toBe(
      (await mailComposerBytes(message, date)).toString("latin1"),
    );
  });

  it("keeps Bcc out of the headers, and receivers read both bodies", async () => {
    const message = { ...base, ...CASES[2]![1] };
    const raw = await composeMessageBytes(message);
    expect(raw.toString()).not.toMatch(/^Bcc:/im);
    const parsed = await simpleParser(raw);
    expect(parsed.html).toBe(message.html);
    expect(parsed.text).toBe(message.text);
    expect(parsed.from?.value[0]).toEqual({ name: "Acme, Inc.", address: "news@mail.test" });
    expect(parsed.replyTo?.value[0]?.address).toBe("help@mail.test");
  });

  it("gives receivers both bodies, the headers and the attachments as they were", async () => {
    const message = {
      ...base,
      ...CASES[1]![1],
      attachments: [{ filename: "a.txt", content: Buffer.from("attached").toString("base64") }],
    };
    const raw = await composeMessageBytes(message);
    const parsed = await simpleParser(raw);
    // mailparser reads line breaks back as LF.
    expect(parsed.html).toBe(message.html);
    expect(parsed.text).toBe(message.text);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.from?.value[0]).toEqual({ name: "Café Ünïcode", address: "news@mail.test" });
    expect(parsed.messageId).toBe("<em_1@mail.test>");
    expect(raw.toString()).toMatch(/^List-Unsubscribe: <https:\/\/t.test\/u\/1>\r$/m);
    expect(parsed.attachments.map((a) => a.content.toString())).toEqual(["attached"]);
    for (const line of raw.toString("latin1").split("\r\n"))
      expect(line.length).toBeLessThanOrEqual(998);
  });

  it("keeps a lone body's headers (nodemailer composes it)", async () => {
    const parsed = await simpleParser(
      await composeMessageBytes({ ...base, ...CASES[1]![1], html: null }),
    );
    expect(parsed.text?.trimEnd()).toBe(base.text);
    expect(parsed.subject).toBe("Ça va ☕ ?");
    expect(parsed.to).toBeTruthy();
  });

  it("gives each message its own boundary", async () => {
    const boundaryOf = async () =>
      /boundary="([^"]+)"/.exec((await composeMessageBytes(base)).toString())?.[1];
    const [a, b] = [await boundaryOf(), await boundaryOf()];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });
});
