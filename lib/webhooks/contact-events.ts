import { sql, type SQL } from "drizzle-orm";
import type { Contact } from "@/db/schema";
import type { Executor } from "@/db";
import type { JobQueue } from "@/lib/core/jobs/queue";
import { iso } from "@/lib/core/serialize";
import { enqueueWebhookDeliveries, type WebhookEvent } from "./enqueue";

/**
 * The contact.* webhooks (DECISIONS §15), one home for every writer of contacts: the API and
 * dashboard services, imports, automation steps, confirmation and unsubscribe links. It lives
 * here rather than in lib/contacts because automations change contacts too, and lib/contacts
 * already depends on lib/automations.
 */

/** The columns a contact webhook carries. */
export type ContactSnapshot = Pick<
  Contact,
  | "id"
  | "projectId"
  | "email"
  | "name"
  | "subscribed"
  | "source"
  | "data"
  | "createdAt"
  | "updatedAt"
>;

/** The contact stopped receiving mail by a write: all of it (topicId null) or one topic's. */
type Unsubscribed = { topicId: string | null };

/** What one write did to one contact, as its writer judged it (see `contactChangedSql`). */
export type ContactWrite =
  | {
      contact: ContactSnapshot;
      /** `updated`: a stored field changed. null: nothing stored changed (no contact.updated). */
      change: "created" | "updated" | "deleted" | null;
      unsubscribed?: Unsubscribed;
    }
  | {
      /** Only an unsubscribe (a topic's: no stored field changed) needs no more of the contact. */
      contact: Pick<ContactSnapshot, "id" | "projectId" | "email">;
      change: null;
      unsubscribed: Unsubscribed;
    };

/** The types a contact write can fire: bulk writers ask `subscribedTypes` for these first. */
export const CONTACT_WRITE_TYPES = [
  "contact.created",
  "contact.updated",
  "contact.unsubscribed",
] as const;

const STORED_FIELDS = ["email", "name", "subscribed", "source", "data"] as const;

/**
 * SQL, true when a write changed a stored field: `before` and `after` name the row as it was
 * and as written (a no-op upsert, an add of a tag already there, is not a change).
 */
export function contactChangedSql(before: string, after: string): SQL<boolean> {
  const fields = (alias: string) =>
    sql.join(
      STORED_FIELDS.map((field) => sql`${sql.identifier(alias)}.${sql.identifier(field)}`),
      sql`, `,
    );
  return sql<boolean>`((${fields(before)}) is distinct from (${fields(after)}))`;
}

/** SQL, true when a write turned `subscribed` from true to false. */
export function contactUnsubscribedSql(before: string, after: string): SQL<boolean> {
  const [b, a] = [sql.identifier(before), sql.identifier(after)];
  return sql<boolean>`coalesce(${b}."subscribed" and not ${a}."subscribed", false)`;
}

/** A write judged in SQL (created, changed, unsubscribed) as a `ContactWrite`. */
export function contactWriteOf(
  contact: ContactSnapshot,
  judged: { created: boolean; changed: boolean; unsubscribed: boolean },
): ContactWrite {
  return {
    contact,
    change: judged.created ? "created" : judged.changed ? "updated" : null,
    ...(judged.unsubscribed && { unsubscribed: { topicId: null } }),
  };
}

/** A contact row as raw SQL returns it (snake_case; timestamps as text or Date by driver). */
export type RawContactRow = {
  id: string;
  project_id: string;
  email: string;
  name: string | null;
  subscribed: boolean;
  source: string;
  data: Record<string, unknown>;
  created_at: string | Date;
  updated_at: string | Date;
};

export function contactFromRow(row: RawContactRow): ContactSnapshot {
  return {
    id: row.id,
    projectId: row.project_id,
    email: row.email,
    name: row.name,
    subscribed: row.subscribed,
    source: row.source,
    data: row.data,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * The Contact resource as GET /v1/contacts/:id shows it (lib/contacts/serialize.ts; the
 * webhook tests hold the two to one shape): `data` of created, updated and deleted.
 */
function contactData(contact: ContactSnapshot) {
  return {
    id: contact.id,
    email: contact.email,
    name: contact.name,
    subscribed: contact.subscribed,
    source: contact.source,
    data: contact.data,
    created_at: iso(contact.createdAt),
    updated_at: iso(contact.updatedAt),
  };
}

/** The webhook events of some writes (none for a write that changed nothing). */
export function contactWebhookEvents(writes: ContactWrite[], now: Date): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  for (const write of writes) {
    const { contact, unsubscribed } = write;
    const projectId = contact.projectId;
    if (write.change) {
      const type = `contact.${write.change}` as const;
      events.push({ projectId, type, createdAt: now, data: contactData(write.contact) });
    }
    if (unsubscribed) {
      events.push({
        projectId,
        type: "contact.unsubscribed",
        createdAt: now,
        data: { id: contact.id, email: contact.email, topic_id: unsubscribed.topicId },
      });
    }
  }
  return events;
}

/** Enqueues the webhooks of some writes in the writer's transaction (one fan-out). */
export async function enqueueContactWebhooks(
  tx: Executor,
  jobs: JobQueue,
  writes: ContactWrite[],
  now: Date,
): Promise<void> {
  const events = contactWebhookEvents(writes, now);
  if (events.length > 0) await enqueueWebhookDeliveries(tx, jobs, events);
}
