import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { emails, receivedEmailAttachments, receivedEmails } from "@/db/schema";
import type { Executor } from "@/db";
import { newId } from "@/lib/core/ids";
import type { Runtime } from "@/lib/core/runtime";
import { enqueueWebhookDeliveries } from "@/lib/webhooks/enqueue";
import { fingerprintOf, type ReceivedMessage } from "./parse";

export type RecordRuntime = Pick<Runtime, "db" | "jobs" | "clock">;

/**
 * A project's received mail as it counts against INBOUND_MAX_STORED_BYTES_PER_PROJECT: the
 * messages whose content is still kept (retention frees the rest).
 */
export async function storedBytes(db: Executor, projectId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`sum(${receivedEmails.size})` })
    .from(receivedEmails)
    .where(and(eq(receivedEmails.projectId, projectId), isNull(receivedEmails.contentRemovedAt)));
  return Number(row?.total ?? 0);
}

/**
 * One received message of one project, with its attachments and its `email.received` webhooks,
 * in one transaction. A sender retrying after our 4xx sends the same message again: its
 * fingerprint (Message-ID, else digest) is kept once per project, and the retry records nothing.
 */
export async function recordReceivedEmail(
  runtime: RecordRuntime,
  input: {
    projectId: string;
    domainId: string;
    envelopeTo: string[];
    raw: Buffer;
    message: ReceivedMessage;
  },
): Promise<{ id: string; created: boolean }> {
  const { projectId, message, raw } = input;
  const now = runtime.clock.now();
  const id = newId("re", now.getTime());
  return runtime.db.transaction(async (tx) => {
    const inReplyToEmailId = await repliedEmailId(tx, projectId, message.inReplyTo);
    const [row] = await tx
      .insert(receivedEmails)
      .values({
        id,
        projectId,
        domainId: input.domainId,
        from: message.from,
        to: message.to.length > 0 ? message.to : input.envelopeTo,
        cc: message.cc,
        envelopeTo: input.envelopeTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        messageId: message.messageId,
        fingerprint: fingerprintOf(message, raw),
        inReplyToEmailId,
        size: raw.length,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [receivedEmails.projectId, receivedEmails.fingerprint] })
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ id: receivedEmails.id })
        .from(receivedEmails)
        .where(
          and(
            eq(receivedEmails.projectId, projectId),
            eq(receivedEmails.fingerprint, fingerprintOf(message, raw)),
          ),
        );
      return { id: existing?.id ?? id, created: false };
    }
    if (message.attachments.length > 0) {
      await tx.insert(receivedEmailAttachments).values(
        message.attachments.map((a, position) => ({
          id: newId("ra", now.getTime()),
          projectId,
          receivedEmailId: id,
          position,
          filename: a.filename,
          contentType: a.contentType,
          size: a.bytes.length,
          bytes: a.bytes,
        })),
      );
    }
    await enqueueWebhookDeliveries(tx, runtime.jobs, [
      {
        projectId,
        type: "email.received",
        createdAt: now,
        data: { id, from: row.from, to: row.to, subject: row.subject },
      },
    ]);
    return { id, created: true };
  });
}

/** The project's sent email whose Message-ID the reply's In-Reply-To names, if any. */
async function repliedEmailId(
  tx: Executor,
  projectId: string,
  messageIds: string[],
): Promise<string | null> {
  if (messageIds.length === 0) return null;
  const [email] = await tx
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.projectId, projectId), inArray(emails.messageId, messageIds)))
    .limit(1);
  return email?.id ?? null;
}
