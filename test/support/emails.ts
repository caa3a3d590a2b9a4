import { emails } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { newTrackingToken } from "@/lib/tracking/token";
import type { TestApp } from "./app";

/** A delivered transactional email with its own tracking token, written straight to the table. */
export async function insertDeliveredEmail(app: TestApp, projectId: string) {
  const now = app.clock.now();
  const [email] = await app.runtime.db
    .insert(emails)
    .values({
      id: newId("em", now.getTime()),
      projectId,
      type: "transactional",
      status: "delivered",
      fromAddress: "hello@mail.test",
      to: "reader@example.com",
      subject: "Tracked",
      html: "<p>Hi</p>",
      trackingToken: newTrackingToken(),
      sentAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return email!;
}
