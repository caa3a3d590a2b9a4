import { and, eq, isNotNull } from "drizzle-orm";
import { contacts, projects, type Contact } from "@/db/schema";
import type { Database } from "@/db";
import type { Clock } from "../clock";
import type { ServiceContext } from "../context";
import { randomBase62 } from "../ids";
import { enrollSubscribedContact } from "../automations/enroll";
import { wakeDuePoller } from "../jobs/poller";
import { resolveDefaultSender } from "../projects/sender";
import { recordOutgoingEmail } from "../sending/record";
import { findReadableTemplateOrThrow } from "../templates/internal";
import { renderTemplate } from "../templates/render";
import { isPlausibleToken } from "../tracking/token";

/** The system template the confirmation email uses (its button goes to `data.verify_url`). */
export const CONFIRMATION_TEMPLATE = "tpl_system_verify_email";

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
    .set({ confirmationToken: token })
    .where(eq(contacts.id, contact.id));
  const sender = await resolveDefaultSender(ctx.db, ctx.projectId);
  if (!sender) {
    console.warn(
      `[contacts] double opt-in for ${contact.id}: the project has no sender, no email sent`,
    );
    return;
  }
  const template = await findReadableTemplateOrThrow(ctx.db, ctx.projectId, CONFIRMATION_TEMPLATE);
  const url = `${ctx.config.appUrl}/confirm/${token}`;
  const rendered = await renderTemplate(
    {
      subject: "Please confirm your subscription",
      source: template.source,
      format: template.format,
    },
    {
      name: contact.name ?? "",
      email: contact.email,
      data: { verify_url: url, expires_in: "7 days" },
    },
  );
  const fromDomain = sender.address.slice(sender.address.lastIndexOf("@") + 1);
  // Test mode follows the cause: a contact created with a test key gets a simulated email.
  await recordOutgoingEmail(ctx.db, ctx, "transactional", {
    fromDomain,
    fromAddress: sender.from,
    to: contact.email,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    templateId: template.id,
    contactId: contact.id,
  });
}

/** Who a confirmation link is for (the page shows it before the click). */
export async function describeConfirmation(db: Database, token: string) {
  if (!isPlausibleToken(token)) return null;
  const [row] = await db
    .select({ email: contacts.email, projectName: projects.name })
    .from(contacts)
    .innerJoin(projects, eq(projects.id, contacts.projectId))
    .where(and(eq(contacts.confirmationToken, token), isNotNull(contacts.confirmationToken)));
  return row ?? null;
}

/** Confirms a subscription: subscribed, token spent, automations entered. Null for a bad token. */
export async function confirmSubscription(deps: { db: Database; clock: Clock }, token: string) {
  if (!isPlausibleToken(token)) return null;
  const now = deps.clock.now();
  const confirmed = await deps.db.transaction(async (tx) => {
    const [contact] = await tx
      .update(contacts)
      .set({ subscribed: true, confirmationToken: null, updatedAt: now })
      .where(eq(contacts.confirmationToken, token))
      .returning({ id: contacts.id, projectId: contacts.projectId, email: contacts.email });
    if (!contact) return null;
    await enrollSubscribedContact(tx, { projectId: contact.projectId, contactId: contact.id, now });
    return contact;
  });
  if (confirmed) wakeDuePoller();
  return confirmed;
}
