import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { emailEvents, emails, suppressions, webhookDeliveries } from "@/db/schema";
import { newId, randomBase62 } from "@/lib/core/ids";
import { newTrackingToken } from "@/lib/tracking/token";
import type { ApiResponse, TestApp, TestProject } from "./app";

/**
 * Fixtures for provider webhook tests: a sent email with our Message-ID and the rows its events
 * touch (the SNS signer is in sns-signer.ts).
 */
export async function insertSentEmail(
  app: TestApp,
  project: TestProject,
  options: { to?: string; cc?: string[]; messageId?: string } = {},
) {
  const now = app.clock.now();
  const id = newId("em", now.getTime());
  const [email] = await app.runtime.db
    .insert(emails)
    .values({
      id,
      projectId: project.id,
      type: "transactional",
      status: "sent",
      fromAddress: "hello@mail.test",
      to: options.to ?? `reader-${randomBase62(8).toLowerCase()}@example.com`,
      cc: options.cc ?? [],
      subject: "Provider webhook test",
      trackingToken: newTrackingToken(),
      messageId: options.messageId ?? `<${id}@mail.test>`,
      sentAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return email!;
}

export async function emailRow(app: TestApp, id: string) {
  const [row] = await app.runtime.db.select().from(emails).where(eq(emails.id, id));
  return row!;
}

export function eventsOf(app: TestApp, emailId: string) {
  return app.runtime.db
    .select()
    .from(emailEvents)
    .where(eq(emailEvents.emailId, emailId))
    .orderBy(emailEvents.createdAt, emailEvents.id);
}

export async function suppressionOf(app: TestApp, projectId: string, address: string) {
  const [row] = await app.runtime.db
    .select()
    .from(suppressions)
    .where(and(eq(suppressions.projectId, projectId), eq(suppressions.email, address)));
  return row ?? null;
}

/** A webhook endpoint for the project's bounce and complaint events. */
export async function subscribeToBouncesAndComplaints(app: TestApp, project: TestProject) {
  const response = await app.api("/v1/webhooks", {
    method: "POST",
    key: project.live,
    body: {
      url: "https://hooks.example.com/mailwright",
      events: ["email.bounced", "email.complained", "email.delivered"],
    },
  });
  if (response.status !== 201) throw new Error(`webhook not created: ${response.text}`);
}

/** The payloads of the outgoing webhooks queued for the project, of one type. */
export async function outgoingWebhooks(app: TestApp, projectId: string, type: string) {
  const rows = await app.runtime.db
    .select({ payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.projectId, projectId), eq(webhookDeliveries.eventType, type)));
  return rows.map(
    (row) => JSON.parse(row.payload) as { type: string; data: Record<string, unknown> },
  );
}

/**
 * A provider's answer that hard-bounced the email: 200 `{ok: true}`, the email `bounced`, its
 * address suppressed. Returns the data of its `bounced` event for provider-specific checks.
 */
export async function expectHardBounceRecorded(
  app: TestApp,
  projectId: string,
  email: { id: string; to: string },
  response: ApiResponse,
): Promise<Record<string, unknown>> {
  expect(response.status, response.text).toBe(200);
  expect(response.body).toEqual({ ok: true });
  expect((await emailRow(app, email.id)).status).toBe("bounced");
  expect((await suppressionOf(app, projectId, email.to))?.reason).toBe("hard_bounce");
  const [event] = (await eventsOf(app, email.id)).filter((e) => e.type === "bounced");
  return event!.data as Record<string, unknown>;
}
