import { and, eq } from "drizzle-orm";
import { domains } from "@/db/schema";
import type { Executor } from "@/db";
import { NotFoundError } from "@/lib/core/errors";

export async function findDomainOrThrow(db: Executor, projectId: string, domainId: string) {
  const [domain] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.projectId, projectId), eq(domains.id, domainId)))
    .limit(1);
  if (!domain) throw new NotFoundError("Domain");
  return domain;
}
