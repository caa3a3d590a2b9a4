import nodemailer from "nodemailer";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { rewriteMime } from "@/lib/core/mime/rewrite";

async function compose(options: nodemailer.SendMailOptions): Promise<Buffer> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(options);
  return info.message as Buffer;
}

const headerBlock = (raw: Buffer) => raw.toString("latin1").split(/\r?\n\r?\n/)[0]!;
const bodyAfterHeaders = (raw: Buffer) => {
  const text = raw.toString("latin1");
  return text.slice(text.search(/\r?\n\r?\n/));
};

describe("rewriteMime", () => {
  it("changes nothing when asked for nothing: the bytes come back as they went in", async () => {
    const raw = await compose({
      from: "a@x.test",
      to: "b@y.test",
      subject: "Same",
      html: "<p>Hello</p>",
      text: "Hello",
      attachments: [{ filename: "a.bin", content: Buffer.alloc(2000, 3) }],
    });
    expect((await rewriteMime(raw, {})).equals(raw)).toBe(true);
  });

  it("removes, sets and defaults headers of the message only, in any case", async () => {
    const raw = Buffer.from(
      "From: a@x.test\r\nBCC: hidden@z.test\r\nMessage-ID: <app@x.test>\r\n" +
        "Idempotency-Key: k\r\nSubject: s\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n" +
        "--b\r\nContent-Type: text/plain\r\nBcc: not-a-header-of-the-message\r\n\r\nhi\r\n--b--\r\n",
    );
    const out = await rewriteMime(raw, {
      removeHeaders: ["bcc", "idempotency-key"],
      setHeaders: { "Message-ID": "<em_1@x.test>" },
      defaultHeaders: { Date: "Fri, 27 Nov 2026 15:00:00 +0000", Subject: "not used" },
    });
    const head = headerBlock(out);
    expect(head).not.toMatch(/^bcc:/im);
    expect(head).not.toMatch(/^idempotency-key:/im);
    expect(head.match(/^Message-ID:.*$/gim)).toEqual(["Message-ID: <em_1@x.test>"]);
    expect(head).toMatch(/^Date: Fri, 27 Nov 2026 15:00:00 \+0000$/m);
    expect(head.match(/^Subject:.*$/gim)).toEqual(["Subject: s"]);
    // A part's own headers are not the message's.
    expect(bodyAfterHeaders(out)).toContain("Bcc: not-a-header-of-the-message");
  });

  it("rewrites HTML parts, in their charset, and leaves text parts and attachments byte for byte", async () => {
    const attachment = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 13) % 256));
    const raw = Buffer.from(
      [
        "From: a@x.test",
        "Subject: latin",
        "MIME-Version: 1.0",
        'Content-Type: multipart/mixed; boundary="outer"',
        "",
        "--outer",
        'Content-Type: multipart/alternative; boundary="alt"',
        "",
        "--alt",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Caf\u00e9 plain",
        "--alt",
        "Content-Type: text/html; charset=iso-8859-1",
        "Content-Transfer-Encoding: quoted-printable",
        "",
        '<p>Caf=E9 <a href=3D"https://e.test/">menu</a></p>',
        "--alt--",
        "--outer",
        "Content-Type: text/html; name=page.html",
        "Content-Disposition: attachment; filename=page.html",
        "Content-Transfer-Encoding: base64",
        "",
        Buffer.from("<p>attached page</p>").toString("base64"),
        "--outer",
        "Content-Type: application/octet-stream; name=data.bin",
        "Content-Disposition: attachment; filename=data.bin",
        "Content-Transfer-Encoding: base64",
        "",
        attachment.toString("base64").replace(/.{76}/g, "$&\r\n"),
        "--outer--",
        "",
      ].join("\r\n"),
      "utf8",
    );
    const seen: string[] = [];
    const out = await rewriteMime(raw, {
      html: (html) => {
        seen.push(html);
        return html.replace("</p>", '<img src="https://t.test/o.gif"></p>');
      },
    });
    // Only the body part: an attached HTML file is content, not the email's HTML.
    expect(seen).toEqual(['<p>Caf\u00e9 <a href="https://e.test/">menu</a></p>']);
    const parsed = await simpleParser(out);
    expect(typeof parsed.html === "string" && parsed.html.trim()).toBe(
      '<p>Caf\u00e9 <a href="https://e.test/">menu</a><img src="https://t.test/o.gif"></p>',
    );
    expect(parsed.text?.trim()).toBe("Caf\u00e9 plain");
    const byName = new Map(parsed.attachments.map((a) => [a.filename, a.content]));
    expect(byName.get("data.bin")?.equals(attachment)).toBe(true);
    expect(byName.get("page.html")?.toString()).toBe("<p>attached page</p>");
    // The untouched attachment's encoded lines are the very ones submitted.
    expect(out.toString("latin1")).toContain(
      attachment.toString("base64").replace(/.{76}/g, "$&\r\n"),
    );
  });
});
