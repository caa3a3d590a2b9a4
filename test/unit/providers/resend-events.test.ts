import { describe, expect, it } from "vitest";
import { mapResendEvent } from "@/lib/providers/resend-events";

const event = (type: string, data: Record<string, unknown> = {}) => ({
  type,
  created_at: "2026-06-01T12:00:00.000Z",
  data: { email_id: "re_1", ...data },
});

describe("Resend event mapping", () => {
  it("maps delivery, complaint, open, click and delay events", () => {
    expect(mapResendEvent(event("email.delivered"))).toMatchObject({
      messageId: "re_1",
      type: "delivered",
    });
    expect(mapResendEvent(event("email.complained"))).toMatchObject({
      type: "complained",
      data: { reason: "complaint" },
    });
    expect(mapResendEvent(event("email.opened"))).toMatchObject({ type: "opened" });
    expect(
      mapResendEvent(event("email.clicked", { click: { link: "https://example.com/x" } })),
    ).toMatchObject({
      type: "clicked",
      data: { url: "https://example.com/x", provider: "resend", provider_event: "email.clicked" },
    });
    expect(mapResendEvent(event("email.delivery_delayed"))).toMatchObject({ type: "deferred" });
  });

  it("treats permanent (or unspecified) bounces as hard and others as deferrals", () => {
    expect(
      mapResendEvent(
        event("email.bounced", { bounce: { type: "Permanent", message: "no such user" } }),
      ),
    ).toMatchObject({
      type: "bounced",
      data: { reason: "hard_bounce", bounce_type: "Permanent", bounce_message: "no such user" },
    });
    expect(mapResendEvent(event("email.bounced"))).toMatchObject({
      type: "bounced",
      data: { reason: "hard_bounce" },
    });
    expect(mapResendEvent(event("email.bounced", { bounce: { type: "Transient" } }))).toMatchObject(
      {
        type: "deferred",
        data: { reason: "soft_bounce", bounce_type: "Transient" },
      },
    );
  });

  it("ignores event types it does not track and rejects malformed payloads", () => {
    expect(mapResendEvent(event("email.sent"))).toBeNull();
    expect(mapResendEvent({ type: "domain.updated", data: { id: "d" } })).toBeNull();
    expect(() => mapResendEvent({ type: "email.delivered", data: {} })).toThrow(/email_id/);
    expect(() => mapResendEvent({ data: {} })).toThrow();
    expect(() => mapResendEvent([1])).toThrow();
  });
});
