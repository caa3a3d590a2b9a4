import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { EmailStatus } from "@/db/schema";

/**
 * Email status only moves up this rank, so a late or duplicated provider event never
 * downgrades it (a `delivered` arriving after `bounced` is recorded but does not win).
 */
const RANK: Record<EmailStatus, number> = {
  queued: 0,
  sent: 1,
  failed: 2,
  delivered: 3,
  bounced: 4,
  complained: 5,
};

export function statusAfter(current: EmailStatus, incoming: EmailStatus): EmailStatus {
  if (current === "failed" && incoming !== "delivered") return current;
  return RANK[incoming] > RANK[current] ? incoming : current;
}

export function isFinalDeliveryStatus(status: EmailStatus): boolean {
  return (
    status === "delivered" || status === "bounced" || status === "failed" || status === "complained"
  );
}

/**
 * `statusAfter` as SQL, for a single UPDATE: the row lock of the update orders concurrent
 * events, so no SELECT … FOR UPDATE round trip is needed.
 */
export function nextStatusSql(column: AnyColumn, incoming: EmailStatus): SQL {
  const rank = sql.join(
    Object.entries(RANK).map(
      ([status, value]) => sql`when ${status} then ${sql.raw(String(value))}`,
    ),
    sql` `,
  );
  const failedGuard =
    incoming === "delivered" ? sql`` : sql`when ${column} = 'failed' then ${column} `;
  return sql`case ${failedGuard}when ${sql.raw(String(RANK[incoming]))} > (case ${column} ${rank} end) then ${incoming} else ${column} end`;
}
