import type { Runtime } from "@/lib/core/runtime";
import { readReceivedMessage } from "./parse";
import { recordReceivedEmail, storedBytes } from "./record";
import { domainOfAddress, findReceivingDomains, type ReceivingDomain } from "./receiving-domains";

/** A project's received mail would go over INBOUND_MAX_STORED_BYTES_PER_PROJECT: 552 5.2.2. */
export class MailboxFullError extends Error {
  constructor(readonly projectId: string) {
    super(`Project ${projectId} is over its received-email storage limit.`);
    this.name = "MailboxFullError";
  }
}

export type ReceiveRuntime = Pick<Runtime, "db" | "jobs" | "clock" | "config">;

/**
 * One message for addresses at receiving domains (DECISIONS §16): parsed once, kept once per
 * project the recipients belong to. Every project's limit is checked before any is recorded, so
 * a 552 stores nothing; a retry after a 451 finds what was kept and stores nothing twice.
 */
export async function receiveMessage(
  runtime: ReceiveRuntime,
  raw: Buffer,
  recipients: string[],
): Promise<{ ids: string[] }> {
  const found = await findReceivingDomains(runtime.db, recipients.map(domainOfAddress));
  const byProject = new Map<string, { domain: ReceivingDomain; envelopeTo: string[] }>();
  for (const address of recipients) {
    const domain = found.find((d) => d.name === domainOfAddress(address));
    // Receiving was turned off between RCPT and DATA: that recipient is dropped.
    if (!domain) continue;
    const group = byProject.get(domain.projectId) ?? { domain, envelopeTo: [] };
    group.envelopeTo.push(address.toLowerCase());
    byProject.set(domain.projectId, group);
  }
  if (byProject.size === 0) return { ids: [] };
  const limit = runtime.config.inboundMaxStoredBytesPerProject;
  for (const projectId of byProject.keys()) {
    if ((await storedBytes(runtime.db, projectId)) + raw.length > limit) {
      throw new MailboxFullError(projectId);
    }
  }
  const message = await readReceivedMessage(raw);
  const ids: string[] = [];
  for (const [projectId, { domain, envelopeTo }] of byProject) {
    const { id } = await recordReceivedEmail(runtime, {
      projectId,
      domainId: domain.id,
      envelopeTo,
      raw,
      message,
    });
    ids.push(id);
  }
  return { ids };
}
