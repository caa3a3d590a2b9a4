/**
 * For e2e/received.spec.ts, made before the server starts (PGlite is single-process):
 * - "Quiet Inbox", a project with a verified domain that does not receive yet: the empty
 *   Received page, and the receiving switch of Settings → Domains;
 * - "Support Desk", whose domain receives: a sent email, a reply to it (HTML, an attachment) and
 *   a few other messages, recorded the way the SMTP receiver records them.
 */
import { emails } from "@/db/schema";
import { serviceContext } from "@/lib/core/context";
import { newId } from "@/lib/core/ids";
import type { Runtime } from "@/lib/core/runtime";
import { listDomains } from "@/lib/domains/list";
import { updateDomain } from "@/lib/domains/update";
import { createProject } from "@/lib/projects/create";
import { receiveMessage } from "@/lib/received-emails/receive";
import { addMembership } from "@/lib/users/users";

const crlf = (lines: string[]) => Buffer.from(lines.join("\r\n") + "\r\n");

export async function seedReceived(runtime: Runtime, userId: string, at: Date) {
  const { project: quiet } = await createProject(
    runtime.db,
    { name: "Quiet Inbox", domain: "quiet.test", verified: true },
    at,
  );
  await addMembership(runtime.db, { userId, projectId: quiet.id, role: "admin" });

  const { project } = await createProject(
    runtime.db,
    { name: "Support Desk", domain: "desk.test", verified: true },
    new Date(at.getTime() + 1),
  );
  await addMembership(runtime.db, { userId, projectId: project.id, role: "admin" });
  const ctx = serviceContext(runtime, project.id);
  const [domain] = (await listDomains(ctx, { limit: 1 })).data;
  await updateDomain(ctx, domain!.id, { receiving: true });

  const sentId = newId("em", at.getTime());
  const sentMessageId = `<${sentId}@desk.test>`;
  await runtime.db.insert(emails).values({
    id: sentId,
    projectId: project.id,
    type: "transactional",
    status: "delivered",
    fromAddress: "help@desk.test",
    to: "grace@example.com",
    subject: "Your order #1042 has shipped",
    html: "<p>Your order is on its way.</p>",
    messageId: sentMessageId,
    trackingToken: `t${sentId}`,
    createdAt: at,
    updatedAt: at,
  });

  const others: [string, string, string][] = [
    [
      "Linus <linus@example.org>",
      "Question about pricing",
      "Hi, do you offer a discount for non-profits? We are a small team of five.",
    ],
    [
      "billing@vendor.example",
      "Invoice INV-2211 for November",
      "Please find attached our invoice for November. Payment is due within 30 days.",
    ],
    [
      "Ada Lovelace <ada@example.com>",
      "Partnership idea",
      "Hello! I run a newsletter about engines and would love to talk about a partnership.",
    ],
  ];
  for (const [i, [from, subject, text]] of others.entries()) {
    await receiveMessage(
      runtime,
      crlf([
        `From: ${from}`,
        "To: hello@desk.test",
        `Subject: ${subject}`,
        `Message-ID: <seed-${i}@example.net>`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        text,
      ]),
      ["hello@desk.test"],
    );
  }
  const invoice = Buffer.from("%PDF-1.4\n% the receipt\n%%EOF\n");
  await receiveMessage(
    runtime,
    crlf([
      "From: Grace Hopper <grace@example.com>",
      "To: help@desk.test",
      "Cc: orders@desk.test",
      "Subject: Re: Your order #1042 has shipped",
      "Message-ID: <reply-1042@example.com>",
      `In-Reply-To: ${sentMessageId}`,
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="mixed"',
      "",
      "--mixed",
      'Content-Type: multipart/alternative; boundary="alt"',
      "",
      "--alt",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Thanks! The parcel arrived, but one item is missing. Receipt attached.",
      "--alt",
      "Content-Type: text/html; charset=utf-8",
      "",
      '<div style="font-family:sans-serif"><p>Thanks! The parcel arrived, but <b>one item is missing</b>.</p><p>Receipt attached.</p><p>Grace</p></div>',
      "--alt--",
      "--mixed",
      'Content-Type: application/pdf; name="receipt.pdf"',
      'Content-Disposition: attachment; filename="receipt.pdf"',
      "Content-Transfer-Encoding: base64",
      "",
      invoice.toString("base64"),
      "--mixed--",
    ]),
    ["help@desk.test"],
  );
  return {
    quiet: { projectName: quiet.name, domain: "quiet.test" },
    desk: { projectName: project.name, sentEmailId: sentId, receipt: invoice.toString("utf8") },
  };
}
