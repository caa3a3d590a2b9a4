/**
 * npm run bench:mime — composing one campaign email's MIME bytes (no database, no socket): a
 * ~16 KB newsletter (80 paragraphs, tracked links, non-ASCII text) and its plain-text part,
 * as the SMTP transport composes it (lib/core/transports/smtp.ts: nodemailer's MailComposer with
 * our quoted-printable parts) beside MailComposer left to its own encoder; unsigned, then
 * signed (lib/core/mime/dkim.ts); and the two passes delivery makes over its HTML before that:
 * scripts stripped (lib/core/html/active-content.ts) and links made tracked redirects
 * (lib/tracking/instrument.ts). Env: BENCH_MESSAGES (default 5000).
 */
import os from "node:os";
import { generateKeyPairSync } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer";
import { signMessage } from "@/lib/core/mime/dkim";
import { composeMessage, composeMessageBytes } from "@/lib/core/mime/compose";
import { stripActiveContent } from "@/lib/core/html/active-content";
import { instrumentHtml, LinkTargets } from "@/lib/tracking/instrument";
import type { OutgoingMessage } from "@/lib/core/transports";
import { markdownTable } from "./lib/table";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5000);
const html =
  "<html><body>" +
  Array.from(
    { length: 80 },
    (_, i) =>
      `<p style="margin:0 0 12px;font-family:Arial">Paragraph ${i}: this week’s notes — café ` +
      `<a href="https://t.bench.test/c/em_0000${i}/aHR0cHM6Ly9leGFtcGxlLmNvbS8${i}?s=Zx">read</a></p>`,
  ).join("\n") +
  "</body></html>";
const text = html.replace(/<[^>]+>/g, "");
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

const message = (i: number): OutgoingMessage => ({
  from: "Acme News <news@bench.test>",
  to: `reader${i}@example.com`,
  cc: [],
  bcc: [],
  replyTo: [],
  subject: `This week at Acme, reader ${i}`,
  html,
  text,
  messageId: `<em_${i}@bench.test>`,
  headers: { "List-Unsubscribe": `<https://t.bench.test/u/${i}>` },
  attachments: [],
});
const nodemailerOnly = (m: OutgoingMessage) =>
  new MailComposer({
    from: m.from,
    to: m.to,
    subject: m.subject,
    html: m.html!,
    text: m.text!,
    messageId: m.messageId,
    headers: m.headers,
  })
    .compile()
    .build();
const dkim = {
  domainName: "bench.test",
  keySelector: "mw",
  privateKey,
  headerFieldNames: "From:To:Subject:Date:Message-ID",
};

async function msPerMessage(compose: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 300; i++) await compose(i); // warm-up: JIT
  const started = performance.now();
  for (let i = 0; i < MESSAGES; i++) await compose(i);
  return (performance.now() - started) / MESSAGES;
}

const ours = await msPerMessage((i) => composeMessageBytes(message(i)));
const theirs = await msPerMessage((i) => nodemailerOnly(message(i)));
// As the SMTP transport signs: the composer tells whether the body is canonical already.
const signed = await msPerMessage(async (i) => {
  const composed = await composeMessage(message(i));
  return signMessage(composed.bytes, dkim, composed);
});
const tracking = {
  appUrl: "https://app.bench.test",
  signingKey: "k".repeat(43),
  targets: new LinkTargets(), // as the worker's instrumenter keeps them
};
// A new string each time, as each recipient's HTML is (no cache can answer).
const htmlPasses = await msPerMessage(async (i) =>
  instrumentHtml(stripActiveContent(`${html}<!--${i}-->`), { ...tracking, token: `tok${i}` }),
);
const size = (await composeMessageBytes(message(0))).length;

console.log(`\nbench:mime — ${MESSAGES} messages of ${(size / 1024).toFixed(1)} KiB each`);
console.log(`machine: ${os.cpus().length}× ${os.cpus()[0]?.model}, node ${process.version}\n`);
console.log(
  markdownTable(
    ["figure", "ms per message", "messages/s on one core"],
    [
      ["composed (as the SMTP transport does)", ours.toFixed(3), String(Math.round(1000 / ours))],
      [
        "composed by MailComposer's own encoder",
        theirs.toFixed(3),
        String(Math.round(1000 / theirs)),
      ],
      ["composed and DKIM-signed", signed.toFixed(3), String(Math.round(1000 / signed))],
      [
        "its HTML before: scripts stripped, 80 links tracked",
        htmlPasses.toFixed(3),
        String(Math.round(1000 / htmlPasses)),
      ],
    ],
  ),
);
