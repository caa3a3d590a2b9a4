import { asc, eq } from "drizzle-orm";
import { memberships, projects } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { withTransaction } from "@/lib/core/context";
import { accountEmailTag, type AccountEmailKind } from "../emails/account-emails";
import { deliverEmailJob } from "@/lib/sending/jobs";
import { parseMailbox } from "../sending/addresses";
import type { ProjectSender } from "../sending/default-sender";
import { OutboundBatch } from "../sending/outbound";
import { liveTestSender } from "../sending/test-send";
import type { RenderedEmail } from "../templates/render";

/**
 * Mail the instance sends about accounts: a password reset link, an invitation. Mailwright has
 * no mail server of its own, so these leave through a project's own pipeline (OutboundBatch, as
 * transactional email, like the dashboard's test send) from that project's verified default
 * sender, and show in its Emails log with their links masked (lib/emails/account-emails.ts).
 */
export type AccountMailDeps = Pick<
  ServiceContext,
  "db" | "clock" | "config" | "jobs" | "transports" | "caches"
>;

export type DeliveryVerdict =
  | { canDeliver: true; sender: ProjectSender }
  | { canDeliver: false; reason: "delivery_not_configured" | "no_verified_sender"; why: string };

/**
 * Whether mail from this project would reach an inbox now: live delivery is configured and the
 * project has a default sender on a verified domain. The one place this is decided.
 */
export async function canDeliverFor(
  deps: Pick<AccountMailDeps, "db" | "transports">,
  projectId: string,
): Promise<DeliveryVerdict> {
  if (!(await deps.transports.canDeliver(projectId))) {
    return {
      canDeliver: false,
      reason: "delivery_not_configured",
      why: "delivery is not connected yet (Settings → Delivery)",
    };
  }
  const sender = await liveTestSender(deps.db, projectId);
  if (!sender) {
    return {
      canDeliver: false,
      reason: "no_verified_sender",
      why: "this project has no sender on a verified domain yet (Settings → Domains)",
    };
  }
  return { canDeliver: true, sender };
}

/** The first of the user's projects (oldest first) that can deliver, with its sender; or null. */
export async function deliveringProjectOf(
  deps: Pick<AccountMailDeps, "db" | "transports">,
  userId: string,
): Promise<{ projectId: string; sender: ProjectSender } | null> {
  const rows = await deps.db
    .select({ projectId: memberships.projectId })
    .from(memberships)
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(projects.createdAt), asc(projects.id));
  for (const { projectId } of rows) {
    const verdict = await canDeliverFor(deps, projectId);
    if (verdict.canDeliver) return { projectId, sender: verdict.sender };
  }
  return null;
}

/** An absolute link to a page of this instance, for email: the public URL plus `path`. */
export function publicLink(config: AccountMailDeps["config"], path: string): string {
  return new URL(path, `${config.appUrl}/`).toString();
}

/**
 * Records one account email from `projectId`'s sender and queues its delivery. Returns its id,
 * or null when the project's suppression list holds the address (nothing is sent).
 */
export async function sendAccountEmail(
  deps: AccountMailDeps,
  message: {
    projectId: string;
    sender: ProjectSender;
    to: { address: string; name?: string | null };
    kind: AccountEmailKind;
    content: RenderedEmail;
  },
): Promise<{ id: string } | null> {
  const now = deps.clock.now();
  const id = await withTransaction(deps.db, async (tx) => {
    const batch = new OutboundBatch(tx, deps, now);
    const sender = await batch.sender(message.projectId, parseMailbox(message.sender.from)!);
    const sent = await batch.add({
      projectId: message.projectId,
      type: "transactional",
      mode: "live",
      sender,
      to: { address: message.to.address, name: message.to.name ?? null },
      content: message.content,
      tags: [accountEmailTag(message.kind)],
    });
    if (sent.status === "suppressed") return null;
    await batch.flush();
    return sent.id;
  });
  if (!id) {
    console.warn(
      `[accounts] ${message.kind} email to ${message.to.address} not sent: the address is on the suppression list of ${message.projectId}.`,
    );
    return null;
  }
  deps.jobs.notify(deliverEmailJob);
  return { id };
}
