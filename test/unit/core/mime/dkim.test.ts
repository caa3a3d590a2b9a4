import { createHash, generateKeyPairSync } from "node:crypto";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import MailComposer from "nodemailer/lib/mail-composer";
import { describe, expect, it } from "vitest";
import { relaxedBody, relaxedBodyHash, signMessage } from "@/lib/core/mime/dkim";
import { composeMessage } from "@/lib/core/mime/compose";
import { SIGNED_HEADERS } from "@/lib/sending/compose";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const publicDer = publicKey.export({ type: "spki", format: "der" }).toString("base64");
const key = {
  domainName: "mail.test",
  keySelector: "mw1",
  privateKey,
  headerFieldNames: SIGNED_HEADERS,
};

/** What a receiving server concludes (mailauth, with our key as the DNS answer). */
async function verify(message: Buffer): Promise<string> {
  const resolver = async (name: string) => {
    if (name !== "mw1._domainkey.mail.test")
      throw Object.assign(new Error("nx"), { code: "ENOTFOUND" });
    return [[`v=DKIM1; k=rsa; p=${publicDer}`]];
  };
  const { results } = await dkimVerify(message, { resolver });
  return results[0]?.status?.result ?? "none";
}

const compose = (options: ConstructorParameters<typeof MailComposer>[0]) =>
  new MailComposer(options).compile().build();

describe("signMessage (DKIM in one pass)", () => {
  it("signs what receivers verify: text, HTML, headers, non-ASCII, attachments", async () => {
    const message = await compose({
      from: "Zoë Ärger <news@mail.test>",
      to: "ada@example.com",
      cc: ["bob@example.com"],
      subject: "Grüße — a long subject that nodemailer folds over more than one header line ✓",
      text: "Hello   there  \r\n\r\nLine with trailing spaces   \r\n\r\n\r\n",
      html: "<p>Hello <b>there</b></p>" + "<p>more</p>".repeat(200),
      messageId: "<em_1@mail.test>",
      headers: { "List-Unsubscribe": "<https://mail.test/u/1>", "X-Tag": "a" },
      attachments: [{ filename: "a.txt", content: "aGVsbG8=", encoding: "base64" }],
    });
    const signed = await signMessage(message, key);
    expect(signed.toString("latin1")).toMatch(
      /^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=mail\.test;/,
    );
    expect(await verify(signed)).toBe("pass");
  });

  // As delivery signs (lib/core/transports/smtp.ts): the composer says whether the body needs
  // canonicalizing, and a body it calls canonical is hashed without a search.
  it("signs our composer's messages as receivers verify them, indented or not", async () => {
    for (const html of ["<p>one space</p>", "<style>\n  .a { b: c }\n</style><p>\tx</p>"]) {
      const composed = await composeMessage({
        from: "News <news@mail.test>",
        to: "ada@example.com",
        cc: [],
        bcc: [],
        replyTo: [],
        subject: "Hello",
        html,
        text: "one space\n\n",
        messageId: "<em_2@mail.test>",
        headers: {},
        attachments: [],
      });
      expect(composed.bodyRelaxedCanonical, html).toBe(html.startsWith("<p>"));
      const signed = await signMessage(composed.bytes, key, composed);
      expect(signed.equals(await signMessage(composed.bytes, key)), html).toBe(true);
      expect(await verify(signed), html).toBe("pass");
    }
  });

  it("fails verification once the body changes (the signature covers it)", async () => {
    const signed = await signMessage(
      await compose({ from: "a@mail.test", to: "b@example.com", subject: "Hi", text: "original" }),
      key,
    );
    const tampered = Buffer.from(
      signed.toString("latin1").replace("original", "changed!"),
      "latin1",
    );
    expect(await verify(tampered)).not.toBe("pass");
  });

  it("signs with CRLF line ends what MailComposer leaves with bare LFs (as SMTP carries it)", async () => {
    const message = await compose({
      from: "a@mail.test",
      to: "b@example.com",
      subject: "Hi",
      text: "line one\nline two  \n\nthree",
      html: "<style>\n  .a { color: red }\n</style><p>x</p>",
    });
    expect(message.toString("latin1")).toMatch(/[^\r]\n/);
    const signed = await signMessage(message, key);
    expect(signed.toString("latin1")).not.toMatch(/[^\r]\n/);
    expect(await verify(signed)).toBe("pass");
  });

  it("keeps the message bytes after its header", async () => {
    const message = await compose({
      from: "a@mail.test",
      to: "b@example.com",
      subject: "Hi",
      text: "x",
    });
    const signed = await signMessage(message, key);
    expect(signed.subarray(signed.length - message.length).equals(message)).toBe(true);
  });
});

describe("signMessage's signature", () => {
  it("is computed off the event loop (libuv's thread pool), so deliveries keep moving", async () => {
    const message = await compose({
      from: "a@mail.test",
      to: "b@example.com",
      subject: "Hi",
      text: "x",
    });
    const order: string[] = [];
    const ticked = new Promise<void>((resolve) =>
      setImmediate(() => {
        order.push("event loop turned");
        resolve();
      }),
    );
    const signatures = Array.from({ length: 40 }, () =>
      signMessage(message, key).then(() => order.push("signed")),
    );
    await Promise.all([ticked, ...signatures]);
    // Signed synchronously, all 40 would be done before the loop could turn once.
    expect(order.indexOf("event loop turned")).toBeLessThan(order.length - 1);
  });

  it("covers the last instance of a repeated field and skips fields the message lacks", async () => {
    const message = Buffer.from(
      "From: a@mail.test\r\nTo: b@example.com\r\nSubject: first\r\nSubject: second\r\n\r\nbody\r\n",
      "latin1",
    );
    const signed = (await signMessage(message, key)).toString("latin1");
    expect(signed).toMatch(/h=from:subject:to;/);
    expect(await verify(Buffer.from(signed, "latin1"))).toBe("pass");
  });
});

describe("relaxedBody", () => {
  it("follows RFC 6376 §3.4.4", () => {
    expect(relaxedBody(" C \r\nD \t E\r\n\r\n\r\n")).toBe(" C\r\nD E\r\n");
    expect(relaxedBody("no final line break  ")).toBe("no final line break\r\n");
    expect(relaxedBody("")).toBe("");
    expect(relaxedBody("\r\n\r\n")).toBe("");
    expect(relaxedBody("a\tb  c \t d e\t\r\n")).toBe("a b c d e\r\n");
  });
});

describe("relaxedBodyHash", () => {
  const byTheRule = (body: string) =>
    createHash("sha256").update(relaxedBody(body), "latin1").digest("base64");
  const hashOf = (body: string) => relaxedBodyHash(Buffer.from(body, "latin1"));

  // Bodies already canonical (what our composer writes) are hashed as they are; any other takes
  // the rule's way. Both must give the hash of the canonical form.
  it("gives the hash of the canonical form, canonical or not", () => {
    for (const body of [
      "",
      "\r\n",
      "\r\n\r\n",
      "one line",
      "one line\r\n",
      "one line\r\n\r\n\r\n",
      "a b\r\nc=20\r\n",
      "ends in a space ",
      "space before a break \r\nnext",
      "two  spaces\r\n",
      "a\ttab\r\n",
      " leading space\r\n",
    ])
      expect(hashOf(body), JSON.stringify(body)).toBe(byTheRule(body));
  });

  it("agrees with the rule on random bodies", () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    // Lone CR and LF too: only CRLF ends a line, in the rule as in the byte pass.
    const pieces = [
      "a",
      "Z",
      " ",
      "  ",
      "\t",
      " \t ",
      "=",
      "\r\n",
      "\r\n\r\n",
      "\r",
      "\n",
      "\xe9",
      ".",
    ];
    for (let round = 0; round < 2000; round++) {
      const body = Array.from(
        { length: Math.floor(random() * 60) },
        () => pieces[Math.floor(random() * pieces.length)],
      ).join("");
      expect(hashOf(body), JSON.stringify(body)).toBe(byTheRule(body));
    }
  });
});
