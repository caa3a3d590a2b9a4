import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { emails, type EmailStatus } from "@/db/schema";
import { recordEmailEvent, recordEmailEvents, type EmailEventType } from "@/lib/emails/events";
import { newId } from "@/lib/core/ids";
import { startTestApp, TEST_DRIVER, type TestApp } from "../../support/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function emailAfter(
  events: EmailEventType[],
  together = false,
): Promise<{ status: EmailStatus; opens: number }> {
  const project = await app.createProject();
  const id = newId("em");
  const now = new Date();
  await app.runtime.db.insert(emails).values({
    id,
    projectId: project.id,
    type: "transactional",
    status: "sent",
    fromAddress: "a@mail.test",
    to: "r@example.com",
    subject: "s",
    trackingToken: newId("em"),
    createdAt: now,
    updatedAt: now,
  });
  const email = {
    id,
    projectId: project.id,
    to: "r@example.com",
    subject: "s",
    campaignId: null,
    campaignVariant: null,
    contactId: null,
  };
  const input = (type: EmailEventType) => ({ email, type, now, data: { reason: "hard_bounce" } });
  if (together) {
    // One batch, as the delivery worker records outcomes: the same email several times.
    await app.runtime.db.transaction((tx) =>
      recordEmailEvents(tx, app.runtime.jobs, events.map(input)),
    );
  }
  for (const type of together ? [] : events) {
    await app.runtime.db.transaction((tx) => recordEmailEvent(tx, app.runtime.jobs, input(type)));
  }
  const [row] = await app.runtime.db.select().from(emails).where(eq(emails.id, id));
  return { status: row!.status, opens: row!.opens };
}

it.each([false, true])(
  `status follows the rank in the database; late events never downgrade it (${TEST_DRIVER}, in one batch: %s)`,
  async (together) => {
    expect(await emailAfter(["delivered", "opened", "opened"], together)).toEqual({
      status: "delivered",
      opens: 2,
    });
    expect((await emailAfter(["bounced", "delivered"], together)).status).toBe("bounced");
    expect((await emailAfter(["delivered", "complained", "delivered"], together)).status).toBe(
      "complained",
    );
    expect((await emailAfter(["failed", "bounced"], together)).status).toBe("failed");
    expect((await emailAfter(["failed", "delivered"], together)).status).toBe("delivered");
  },
);
