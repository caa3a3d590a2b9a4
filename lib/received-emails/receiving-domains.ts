import { and, eq, inArray } from "drizzle-orm";
import { domains } from "@/db/schema";
import type { Executor } from "@/db";

export type ReceivingDomain = { id: string; projectId: string; name: string };

/** The domain part of an address, lower-cased without a trailing dot; "" when there is none. */
export function domainOfAddress(address: string): string {
  const at = address.lastIndexOf("@");
  return at === -1
    ? ""
    : address
        .slice(at + 1)
        .toLowerCase()
        .replace(/\.$/, "");
}

/**
 * The receiving domains among `names` (at most one per name: domains_receiving_name_key), read
 * per RCPT and again at DATA, so turning receiving off takes effect at once without a cache.
 */
export async function findReceivingDomains(
  db: Executor,
  names: string[],
): Promise<ReceivingDomain[]> {
  const wanted = [...new Set(names.filter(Boolean))];
  if (wanted.length === 0) return [];
  return db
    .select({ id: domains.id, projectId: domains.projectId, name: domains.name })
    .from(domains)
    .where(and(inArray(domains.name, wanted), eq(domains.receiving, true)));
}
