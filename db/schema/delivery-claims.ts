import { foreignKey, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./columns";
import { emails } from "./emails";

/**
 * Who is handing an email to the relay, until when (lib/sending/claims.ts): a row while a
 * delivery run holds the email, deleted with its outcome. A narrow table of its own, not columns
 * of `emails`: claiming an email there rewrote its wide row and all of its indexes (0.17 ms an
 * email in bench:campaign, as much as recording its outcome), here it is one small insert.
 */
export const deliveryClaims = pgTable(
  "delivery_claims",
  {
    projectId: text().notNull(),
    emailId: text().notNull(),
    // One random token per delivery run: a run sends only what it still holds, so an email whose
    // claim lapsed and went to another worker is not sent by both.
    token: text().notNull(),
    // The lease, on the database's clock, renewed while the run works: once it lapses, the next
    // poll of any worker queues the email again.
    claimedUntil: timestampMs().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.emailId] }),
    foreignKey({
      name: "delivery_claims_email_fk",
      columns: [t.projectId, t.emailId],
      foreignColumns: [emails.projectId, emails.id],
    }).onDelete("cascade"),
    // Delivery runs know their emails by id alone.
    index("delivery_claims_email_idx").on(t.emailId),
    // Lapsed claims, found by each worker's poller.
    index("delivery_claims_until_idx").on(t.claimedUntil),
  ],
);
