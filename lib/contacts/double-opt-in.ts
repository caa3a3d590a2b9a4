import { and, eq, gt, isNotNull, type SQL } from "drizzle-orm";
import { contacts, projects, type Contact } from "@/db/schema";
import type { Database } from "@/db";
import type { Clock } from "@/lib/core/clock";
import type { Runtime } from "@/lib/core/runtime";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { randomBase62 } from "@/lib/core/ids";
import { enrollSubscribedContact } from "../automations/enroll";
import { ValidationError } from "@/lib/core/errors";
import { OutboundBatch } from "../sending/outbound";
import { isPlausibleToken } from "../tracking/token";
import { updateContacts } from "./write";

/** The system template the confirmation email uses (its button goes to `data.verify_url`). */
export const CONFIRMATION_TEMPLATE = "tpl_system_verify_email";
/** How long a confirmation link works; the email says so. */
export const CONFIRMATION_VALIDITY_DAYS = 7;
const DAY_MS = 86_400_000;

/** The contact a confirmation link is for, while the link is still valid. */
function validToken(token: string, now: Date): SQL {
  return and(
    eq(contacts.confirmationToken, token),
    isNotNull(contacts.confirmationToken),
    gt(contacts.confirmationSentAt, new Date(now.getTime() - CONFIRMATION_VALIDITY_DAYS * DAY_MS)),
  )!;
}

/**
 * Double opt-in (per project, Settings): a contact created without an explicit `subscribed`
 * starts unsubscribed with a confirmation token, and gets an email whose link confirms it. Until
 * then campaigns and automations leave it alone; on confirmation it becomes subscribed and enters
 * `contact.subscribed` automations as a new subscriber would.
 */
export async function startDoubleOptIn(ctx: ServiceContext, contact: Contact) {
  const token = randomBase62(32);
  await ctx.db
    .update(contacts)
    .set({ confirmationToken: token, confirmationSentAt: ctx.clock.now() })
    .where(eq(contacts.id, contact.id));
  const url = `${ctx.config.appUrl}/confirm/${token}`;
  await withTransaction(ctx.db, async (tx) => {
    const batch = new OutboundBatch(tx, ctx, ctx.clock.now());
    const sender = await batch.sender(ctx.projectId, "default").catch((error: unknown) => {
      if (!(error instanceof ValidationError)) throw error;
      console.warn(`[contacts] double opt-in for ${contact.id}: ${error.message} No email sent.`);
      return null;
    });
    const template = await batch.template(ctx.projectId, CONFIRMATION_TEMPLATE);
    if (!sender || !template) return;
    await batch.add({
      projectId: ctx.projectId,
      type: "transactional",
      // Test mode follows the cause: a contact created with a test key gets a simulated email.
      mode: ctx.keyMode,
      sender,
      to: { address: contact.email, name: contact.name },
      contact,
      content: {
        template,
        subject: "Please confirm your subscription",
        variables: { data: { verify_url: url, expires_in: `${CONFIRMATION_VALIDITY_DAYS} days` } },
      },
    });
    await batch.flush();
  });
}

/** Who a confirmation link is for (the page shows it before the click). */
export async function describeConfirmation(deps: { db: Database; clock: Clock }, token: string) {
  if (!isPlausibleToken(token)) return null;
  const { db } = deps;
  const [row] = await db
    .select({ email: contacts.email, projectName: projects.name })
    .from(contacts)
    .innerJoin(projects, eq(projects.id, contacts.projectId))
    .where(validToken(token, deps.clock.now()));
  return row ?? null;
}

/**
 * Confirms a subscription: subscribed, token spent, automations entered. Null for a bad, used or
 * expired token (a link older than CONFIRMATION_VALIDITY_DAYS).
 */
export async function confirmSubscription(
  deps: Pick<Runtime, "db" | "clock" | "dueWork" | "jobs">,
  token: string,
) {
  if (!isPlausibleToken(token)) return null;
  const now = deps.clock.now();
  const confirmed = await deps.db.transaction(async (tx) => {
    const [contact] = await updateContacts(
      tx,
      deps.jobs,
      validToken(token, now),
      { subscribed: true, confirmationToken: null, updatedAt: now },
      now,
    );
    if (!contact) return null;
    await enrollSubscribedContact(tx, { projectId: contact.projectId, contactId: contact.id, now });
    return contact;
  });
  if (confirmed) deps.dueWork.wake();
  return confirmed;
}
