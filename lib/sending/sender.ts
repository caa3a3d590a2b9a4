import { and, eq } from "drizzle-orm";
import { domains } from "@/db/schema";
import type { Executor } from "@/db";

/** The project's domain of this name when it is verified, with its DKIM key; else null. */
export async function verifiedSendingDomain(db: Executor, projectId: string, name: string) {
  const [domain] = await db
    .select()
    .from(domains)
    .where(
      and(
        eq(domains.projectId, projectId),
        eq(domains.name, name.toLowerCase()),
        eq(domains.status, "verified"),
      ),
    )
    .limit(1);
  return domain ?? null;
}
