import { sql } from "drizzle-orm";
import type { Executor } from "@/db";
import { insertRows } from "@/db/bulk-insert";
import { emailOutcomes } from "@/db/schema";

const ONCE = ["bounced", "complained", "recipient_bounced"] as const;
type OnceType = (typeof ONCE)[number];

type Outcome = {
  email: { id: string; projectId: string };
  type: string;
  data?: Record<string, unknown>;
};

/** Which address an outcome is about: the cc/bcc a `recipient_bounced` names, else the email. */
function recipientOf({ type, data }: Outcome): string | null {
  if (type !== "recipient_bounced") return "";
  return typeof data?.recipient === "string" ? data.recipient.toLowerCase() : null;
}

const keyOf = (emailId: string, type: string, recipient: string) =>
  JSON.stringify([emailId, type, recipient]);

/**
 * The inputs to record: every event except a second bounce or complaint of one email (another
 * report, a provider's retry, recipient groups of one DSN), which changes nothing, so counters,
 * webhooks and the breaker count emails, not reports. "Second" is decided by the email_outcomes
 * row each first outcome claims in the caller's transaction (concurrent reports wait on the
 * primary key), whatever became of the events themselves under event retention.
 */
export async function withoutRepeatedOutcomes<T extends Outcome>(
  tx: Executor,
  inputs: T[],
): Promise<T[]> {
  const claims = new Map<
    string,
    { projectId: string; emailId: string; type: OnceType; recipient: string }
  >();
  for (const input of inputs) {
    const recipient = recipientOf(input);
    if (!ONCE.includes(input.type as OnceType) || recipient === null) continue;
    claims.set(keyOf(input.email.id, input.type, recipient), {
      projectId: input.email.projectId,
      emailId: input.email.id,
      type: input.type as OnceType,
      recipient,
    });
  }
  if (claims.size === 0) return inputs;
  const claimed = await insertRows<
    typeof emailOutcomes,
    { email_id: string; type: string; recipient: string }
  >(
    tx,
    emailOutcomes,
    [...claims.values()],
    sql`on conflict do nothing returning email_id, type, recipient`,
  );
  const fresh = new Set(claimed.map((row) => keyOf(row.email_id, row.type, row.recipient)));
  return inputs.filter((input) => {
    const recipient = recipientOf(input);
    if (!ONCE.includes(input.type as OnceType) || recipient === null) return true;
    // The first input of a key takes its claim; a repeat in the same batch finds it gone.
    return fresh.delete(keyOf(input.email.id, input.type, recipient));
  });
}
