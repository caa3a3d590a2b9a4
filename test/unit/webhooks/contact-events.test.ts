import { describe, expect, it } from "vitest";
import type { Contact } from "@/db/schema";
import { serializeContact } from "@/lib/contacts/serialize";
import { contactWebhookEvents } from "@/lib/webhooks/contact-events";
import { WEBHOOK_ENVELOPES } from "@/lib/web/openapi/webhook-events";
import { iso } from "@/lib/core/serialize";

const now = new Date("2026-06-01T12:00:00.000Z");
const contact: Contact = {
  id: "ct_1",
  projectId: "prj_1",
  email: "ada@example.com",
  name: "Ada",
  subscribed: false,
  source: "api",
  data: { plan: "pro" },
  confirmationToken: null,
  confirmationSentAt: null,
  createdAt: new Date("2026-05-01T00:00:00.000Z"),
  updatedAt: now,
};

const envelopes = (writes: Parameters<typeof contactWebhookEvents>[0]) =>
  contactWebhookEvents(writes, now).map((event) => {
    const envelope = { type: event.type, created_at: iso(event.createdAt), data: event.data };
    // Each as documented (strict: no field more or less).
    expect(WEBHOOK_ENVELOPES[event.type as "contact.created"].parse(envelope)).toEqual(envelope);
    return envelope;
  });

describe("contact webhook events", () => {
  it("carry the contact as the API serializes it", () => {
    for (const change of ["created", "updated", "deleted"] as const) {
      expect(envelopes([{ contact, change }])).toEqual([
        { type: `contact.${change}`, created_at: iso(now), data: serializeContact(contact) },
      ]);
    }
  });

  it("a write that changed nothing fires nothing; an unsubscribe is an update too", () => {
    expect(envelopes([{ contact, change: null }])).toEqual([]);
    expect(
      envelopes([{ contact, change: "updated", unsubscribed: { topicId: null } }]).map(
        (e) => e.type,
      ),
    ).toEqual(["contact.updated", "contact.unsubscribed"]);
  });

  it("a topic's unsubscribe needs only the contact's id, project and email", () => {
    const topic = { id: "ct_1", projectId: "prj_1", email: "ada@example.com" };
    expect(
      envelopes([{ contact: topic, change: null, unsubscribed: { topicId: "tp_1" } }]),
    ).toEqual([
      {
        type: "contact.unsubscribed",
        created_at: iso(now),
        data: { id: "ct_1", email: "ada@example.com", topic_id: "tp_1" },
      },
    ]);
  });
});
