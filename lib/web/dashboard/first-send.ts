import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { apiKeys, domains, emails, projects, type Domain } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";

export type FirstSendProgress = {
  /** The domain the checklist points at: the first verified one, else the first added. */
  domain: Pick<Domain, "id" | "name" | "status"> | null;
  domainAdded: boolean;
  domainVerified: boolean;
  /** Settings → General has a default sender (its domain was verified when it was saved). */
  senderSet: boolean;
  /** The default sender's address, when set. */
  sender: string | null;
  /** Live mail can leave: the project's relays (Settings → Delivery) or the environment's. */
  deliveryConnected: boolean;
  /** A live email was accepted by a relay (not queued, not simulated): delivery really works. */
  testSent: boolean;
  apiKeyCreated: boolean;
};

/**
 * The overview's path to a first send, each step read from the project's data: a domain added,
 * verified (by DNS or by an admin), a default sender, a way out for live mail, a live email a
 * relay accepted, an API key. Small indexed reads (domains by project, emails by status, keys).
 */
export async function firstSendProgress(ctx: ServiceContext): Promise<FirstSendProgress> {
  const [[domain], [project], [email], [key], deliveryConnected] = await Promise.all([
    ctx.db
      .select({ id: domains.id, name: domains.name, status: domains.status })
      .from(domains)
      .where(eq(domains.projectId, ctx.projectId))
      .orderBy(desc(sql`${domains.status} = 'verified'`), asc(domains.createdAt), asc(domains.id))
      .limit(1),
    ctx.db
      .select({ fromEmail: projects.defaultFromEmail })
      .from(projects)
      .where(eq(projects.id, ctx.projectId)),
    ctx.db
      .select({ id: emails.id })
      .from(emails)
      .where(
        and(
          eq(emails.projectId, ctx.projectId),
          inArray(emails.status, ["sent", "delivered", "complained"]),
          eq(emails.mode, "live"),
          isNotNull(emails.sentAt),
        ),
      )
      .limit(1),
    ctx.db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.projectId, ctx.projectId), isNull(apiKeys.revokedAt)))
      .limit(1),
    ctx.transports.canDeliver(ctx.projectId),
  ]);
  return {
    domain: domain ?? null,
    domainAdded: domain !== undefined,
    domainVerified: domain?.status === "verified",
    senderSet: Boolean(project?.fromEmail),
    sender: project?.fromEmail ?? null,
    deliveryConnected,
    testSent: email !== undefined,
    apiKeyCreated: key !== undefined,
  };
}
