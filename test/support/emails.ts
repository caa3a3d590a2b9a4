import { emails } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { newTrackingToken } from "@/lib/tracking/token";
import type { TestApp } from "./app";

/** A delivered transactional email with its own tracking token, written straight to the table. */
export async function insertDeliveredEmail(
  app: TestApp,
  projectId: string,
  to = "reader@example.com",
) {
  const now = app.clock.now();
  const [email] = await app.runtime.db
    .insert(emails)
    .values({
      id: newId("em", now.getTime()),
      projectId,
      type: "transactional",
      status: "delivered",
      fromAddress: "hello@mail.test",
      to,
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

/** A person's browser (Safari on a Mac): the tracking routes count its opens and clicks as human. */
export const PERSON_USER_AGENT =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";

/** Headers of a request a person makes (Node's fetch says `node`, which is a machine). */
export const AS_PERSON = { headers: { "user-agent": PERSON_USER_AGENT } };
