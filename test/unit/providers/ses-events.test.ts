import { describe, expect, it } from "vitest";
import { mapSesEvent } from "@/lib/providers/ses-events";

const mail = {
  messageId: "0102018f-ses",
  commonHeaders: { messageId: "<em_1@mail.test>" },
  headers: [
    { name: "From", value: "hello@mail.test" },
    { name: "Message-ID", value: "<em_1@mail.test>" },
  ],
};

describe("SES event mapping", () => {
  it("maps a permanent bounce per recipient to hard bounces with the report", () => {
    const mapping = mapSesEvent({
      notificationType: "Bounce",
      mail,
      bounce: {
        bounceType: "Permanent",
        bounceSubType: "General",
        reportingMTA: "dsn; a.amazonses.com",
        bouncedRecipients: [
          { emailAddress: "a@example.com", status: "5.1.1", diagnosticCode: "smtp; 550 5.1.1 no" },
          { emailAddress: "b@example.com", diagnosticCode: "smtp; 550 5.2.1 disabled" },
        ],
      },
    });
    expect(mapping).toEqual({
      kind: "events",
      messageIds: ["<em_1@mail.test>"],
      items: [
        {
          type: "bounced",
          recipient: "a@example.com",
          data: {
            reason: "hard_bounce",
            bounce_type: "Permanent",
            bounce_subtype: "General",
            status: "5.1.1",
            diagnostic: "smtp; 550 5.1.1 no",
            reporting_mta: "dsn; a.amazonses.com",
            provider_event: "Bounce",
            provider_message_id: "0102018f-ses",
          },
        },
        expect.objectContaining({
          type: "bounced",
          recipient: "b@example.com",
          data: expect.objectContaining({ status: "5.2.1" }),
        }),
      ],
    });
  });

  it("maps Transient and Undetermined bounces and delivery delays to the timeline", () => {
    for (const bounceType of ["Transient", "Undetermined"]) {
      const mapping = mapSesEvent({
        eventType: "Bounce",
        mail,
        bounce: { bounceType, bouncedRecipients: [{ emailAddress: "a@example.com" }] },
      });
      expect(mapping).toMatchObject({
        kind: "events",
        items: [
          {
            type: "deferred",
            data: { reason: "soft_bounce", soft_bounce: true, bounce_type: bounceType },
          },
        ],
      });
    }
    expect(
      mapSesEvent({
        eventType: "DeliveryDelay",
        mail,
        deliveryDelay: {
          delayType: "TransientCommunicationFailure",
          delayedRecipients: [{ emailAddress: "a@example.com", status: "4.4.1" }],
        },
      }),
    ).toMatchObject({
      items: [
        {
          type: "deferred",
          recipient: "a@example.com",
          data: {
            reason: "delivery_delayed",
            delay_type: "TransientCommunicationFailure",
            status: "4.4.1",
          },
        },
      ],
    });
  });

  it("maps complaints and deliveries in both shapes", () => {
    expect(
      mapSesEvent({
        notificationType: "Complaint",
        mail,
        complaint: {
          complainedRecipients: [{ emailAddress: "a@example.com" }],
          complaintFeedbackType: "abuse",
        },
      }),
    ).toMatchObject({
      items: [
        {
          type: "complained",
          recipient: "a@example.com",
          data: { reason: "complaint", feedback_type: "abuse" },
        },
      ],
    });
    expect(
      mapSesEvent({
        eventType: "Delivery",
        mail,
        delivery: { recipients: ["a@example.com"], smtpResponse: "250 ok" },
      }),
    ).toMatchObject({ items: [{ type: "delivered", data: { smtp_response: "250 ok" } }] });
  });

  it("finds our Message-ID in the original headers when commonHeaders lacks it", () => {
    const mapping = mapSesEvent({
      eventType: "Delivery",
      mail: { headers: [{ name: "message-id", value: "<em_2@mail.test>" }] },
      delivery: { recipients: [] },
    });
    expect(mapping).toMatchObject({ kind: "events", messageIds: ["<em_2@mail.test>"] });
  });

  it("ignores untracked types and events without a Message-ID; flags malformed ones", () => {
    expect(mapSesEvent({ eventType: "Open", mail }).kind).toBe("ignored");
    expect(mapSesEvent({ notificationType: "AmazonSnsSubscriptionSucceeded" }).kind).toBe(
      "ignored",
    );
    expect(mapSesEvent({ eventType: "Delivery", mail: {}, delivery: {} }).kind).toBe("ignored");
    expect(mapSesEvent({ eventType: "Bounce", mail }).kind).toBe("malformed");
    expect(mapSesEvent({ eventType: "Bounce", mail, bounce: { bouncedRecipients: [] } }).kind).toBe(
      "malformed",
    );
    expect(mapSesEvent("text").kind).toBe("malformed");
  });
});
