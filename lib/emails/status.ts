import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { EmailStatus } from "@/db/schema";

/**
 * Email status only moves up this rank, so a late or duplicated provider event never
 * downgrades it (a `delivered` arriving after `bounced` is recorded but does not win).
 */
const RANK: Record<EmailStatus, number> = {
  // Released at its time to `sent` (or `queued` without a provider).
  scheduled: -1,
  // Final: nothing happens to a cancelled email (it was never handed to anybody).
  canceled: 99,
  queued: 0,
  sent: 1,
  failed: 2,
  delivered: 3,
  bounced: 4,
  complained: 5,
};

export function statusAfter(current: EmailStatus, incoming: EmailStatus): EmailStatus {
  if (current === "canceled") return current;
  if (current === "failed" && incoming !== "delivered") return current;
  return RANK[incoming] > RANK[current] ? incoming : current;
}

export function isFinalDeliveryStatus(status: EmailStatus): boolean {
  return (
    status === "delivered" || status === "bounced" || status === "failed" || status === "complained"
  );
}

/**
 * `statusAfter` as SQL over a column holding the incoming status (null: no status change), for
 * one UPDATE of many emails: the row lock of the update orders concurrent events, so no
 * SELECT … FOR UPDATE round trip is needed.
 */
export function nextStatusSql(current: AnyColumn | SQL, incoming: SQL): SQL {
  const rankOf = (value: AnyColumn | SQL) =>
    sql`(case ${value} ${sql.join(
      Object.entries(RANK).map(
        ([status, rank]) => sql`when ${status} then ${sql.raw(String(rank))}`,
      ),
      sql` `,
    )} end)`;
  return sql`case when ${incoming} is null or ${current} = 'canceled' then ${current}
    when ${current} = 'failed' and ${incoming} <> 'delivered' then ${current}
    when ${rankOf(incoming)} > ${rankOf(current)} then ${incoming} else ${current} end`;
}
