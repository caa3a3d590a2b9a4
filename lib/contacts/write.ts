import { eq, getTableColumns, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { contacts, type Contact } from "@/db/schema";
import type { Executor } from "@/db";
import { withTransaction } from "@/lib/core/context";
import type { JobQueue } from "@/lib/core/jobs/queue";
import {
  contactChangedSql,
  contactUnsubscribedSql,
  contactWriteOf,
  enqueueContactWebhooks,
} from "../webhooks/contact-events";

/**
 * Updates the contacts `where` selects and fires their webhooks (`contact.updated` when a stored
 * field changed, `contact.unsubscribed` when `subscribed` went true → false) in one transaction.
 * The rows are locked and read as they were in the same statement that writes them (an UPDATE
 * joined to its own locked rows), so a concurrent write cannot slip between the two.
 */
export async function updateContacts(
  db: Executor,
  jobs: JobQueue,
  where: SQL,
  set: PgUpdateSetSource<typeof contacts>,
  now: Date,
): Promise<Contact[]> {
  return withTransaction(db, async (tx) => {
    const prior = tx
      .select({
        id: contacts.id,
        email: contacts.email,
        name: contacts.name,
        subscribed: contacts.subscribed,
        source: contacts.source,
        data: contacts.data,
      })
      .from(contacts)
      .where(where)
      .for("update")
      .as("prior");
    const rows = await tx
      .update(contacts)
      .set(set)
      .from(prior)
      .where(eq(contacts.id, prior.id))
      .returning({
        ...getTableColumns(contacts),
        changed: contactChangedSql("prior", "contacts"),
        unsubscribed: contactUnsubscribedSql("prior", "contacts"),
      });
    const updated = rows.map(({ changed, unsubscribed, ...contact }) => ({
      contact,
      judged: { created: false, changed, unsubscribed },
    }));
    await enqueueContactWebhooks(
      tx,
      jobs,
      updated.map(({ contact, judged }) => contactWriteOf(contact, judged)),
      now,
    );
    return updated.map(({ contact }) => contact);
  });
}
