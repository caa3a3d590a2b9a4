/**
 * For e2e/topics.spec.ts, made before the server starts (PGlite is single-process):
 * - "Topics Lab", an empty project where the spec creates, edits and deletes topics (its live
 *   API key makes the draft campaign that holds one);
 * - "Newsroom", a project with two public topics and a private one, a subscribed reader and a
 *   campaign email to them about "Product updates" carrying an unsubscribe token (its link opens
 *   the preference center). Its live API key lets the spec read the reader's topics back.
 */
import { contacts, emails } from "@/db/schema";
import { serviceContext } from "@/lib/core/context";
import { newId } from "@/lib/core/ids";
import type { Runtime } from "@/lib/core/runtime";
import { createProject } from "@/lib/projects/create";
import { createTopic } from "@/lib/topics/manage";
import { addMembership } from "@/lib/users/users";

export async function seedTopics(runtime: Runtime, userId: string, at: Date) {
  const { project: lab, keys: labKeys } = await createProject(
    runtime.db,
    { name: "Topics Lab", domain: "lab.test", verified: true },
    at,
  );
  await addMembership(runtime.db, { userId, projectId: lab.id, role: "admin" });

  const { project, keys } = await createProject(
    runtime.db,
    { name: "Newsroom", domain: "newsroom.test", verified: true },
    new Date(at.getTime() + 1),
  );
  await addMembership(runtime.db, { userId, projectId: project.id, role: "admin" });
  const ctx = serviceContext(runtime, project.id);
  const updates = await createTopic(ctx, {
    name: "Product updates",
    description: "New features and improvements, about once a month.",
  });
  const events = await createTopic(ctx, {
    name: "Events and webinars with a rather long name to see how it wraps",
    description: "Invitations to meetups, conferences and online sessions near you.",
  });
  await createTopic(ctx, { name: "Beta testers", visibility: "private" });

  const address = "reader@newsroom.test";
  const contactId = newId("ct", at.getTime());
  const token = `e2eTopics${Math.random().toString(36).slice(2, 12)}`.padEnd(32, "0");
  await runtime.db.insert(contacts).values({
    id: contactId,
    projectId: project.id,
    email: address,
    subscribed: true,
    createdAt: at,
    updatedAt: at,
  });
  await runtime.db.insert(emails).values({
    id: newId("em", at.getTime()),
    projectId: project.id,
    type: "campaign",
    status: "delivered",
    fromAddress: "news@newsroom.test",
    to: address,
    subject: "What's new in May",
    contactId,
    topicId: updates.id,
    trackingToken: `t${token}`,
    unsubscribeToken: token,
    createdAt: at,
    updatedAt: at,
  });
  return {
    lab: { projectName: lab.name, key: labKeys.live },
    newsroom: {
      projectName: project.name,
      key: keys.live,
      token,
      address,
      contactId,
      topics: { updates: updates.id, events: events.id },
    },
  };
}
