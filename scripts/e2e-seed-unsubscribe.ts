/**
 * For e2e/smaller.spec.ts: a subscribed contact of the main project and a campaign email to it
 * carrying an unsubscribe token (its link is what the recipient would click), stored directly
 * before the server starts (PGlite is single-process; sending a real campaign is not the point).
 */
import { contacts, emails } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import type { Runtime } from "@/lib/core/runtime";

export async function seedUnsubscribeLink(runtime: Runtime, projectId: string, at: Date) {
  const address = "reader@unsubscribe.test";
  const contactId = newId("ct", at.getTime());
  const token = `e2eUnsubscribe${Math.random().toString(36).slice(2, 12)}`.padEnd(32, "0");
  await runtime.db.insert(contacts).values({
    id: contactId,
    projectId,
    email: address,
    subscribed: true,
    createdAt: at,
    updatedAt: at,
  });
  await runtime.db.insert(emails).values({
    id: newId("em", at.getTime()),
    projectId,
    type: "campaign",
    status: "delivered",
    fromAddress: "news@mail.test",
    to: address,
    subject: "Our spring news",
    contactId,
    trackingToken: `t${token}`,
    unsubscribeToken: token,
    createdAt: at,
    updatedAt: at,
  });
  return { token, address };
}
