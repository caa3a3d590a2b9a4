import { apiKeyUsage } from "@/lib/api-keys/usage";
import type { ServiceContext } from "@/lib/core/context";
import { leadingDomain } from "@/lib/domains/list";
import { hasRelayAcceptedLiveEmail } from "@/lib/emails/live-sent";
import { projectRow } from "@/lib/projects/settings";

export type FirstSendProgress = {
  /** The domain the checklist points at: the first verified one, else the first added. */
  domain: Awaited<ReturnType<typeof leadingDomain>>;
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
 * relay accepted, an API key. Small indexed reads, one per domain.
 */
export async function firstSendProgress(ctx: ServiceContext): Promise<FirstSendProgress> {
  const [domain, project, testSent, keys, deliveryConnected] = await Promise.all([
    leadingDomain(ctx),
    projectRow(ctx.db, ctx.projectId),
    hasRelayAcceptedLiveEmail(ctx),
    apiKeyUsage(ctx),
    ctx.transports.canDeliver(ctx.projectId),
  ]);
  return {
    domain,
    domainAdded: domain !== null,
    domainVerified: domain?.status === "verified",
    senderSet: Boolean(project?.defaultFromEmail),
    sender: project?.defaultFromEmail ?? null,
    deliveryConnected,
    testSent,
    apiKeyCreated: keys.active > 0,
  };
}
