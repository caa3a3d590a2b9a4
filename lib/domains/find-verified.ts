import { and, eq } from "drizzle-orm";
import { domains, type Domain } from "@/db/schema";
import type { Executor } from "@/db";

/**
 * The project's verified domain of that name, with its DKIM key material, or null. The send
 * pipeline uses it to accept a `from` address and to DKIM-sign (selector, private key).
 */
export async function findVerifiedDomain(
  db: Executor,
  projectId: string,
  domainName: string,
): Promise<Domain | null> {
  const [domain] = await db
    .select()
    .from(domains)
    .where(
      and(
        eq(domains.projectId, projectId),
        eq(domains.name, domainName.trim().toLowerCase().replace(/\.$/, "")),
        eq(domains.status, "verified"),
      ),
    )
    .limit(1);
  return domain ?? null;
}
