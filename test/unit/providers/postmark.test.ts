import { describe, expect, it } from "vitest";
import { mapPostmarkEvent, PostmarkPayload } from "@/lib/providers/postmark-events";
import { basicAuthMatches } from "@/lib/providers/postmark-webhook";

const record = (fields: Record<string, unknown>) =>
  PostmarkPayload.parse({
    RecordType: "Bounce",
    ID: 42,
    Type: "HardBounce",
    MessageID: "pm-1",
    Email: "a@example.com",
    Details: "smtp;550 5.1.1 no such user",
    Metadata: { "mailwright-id": "em_1" },
    ...fields,
  });

describe("Postmark event mapping", () => {
  it("treats HardBounce and BadEmailAddress as hard bounces", () => {
    for (const Type of ["HardBounce", "BadEmailAddress"]) {
      expect(mapPostmarkEvent(record({ Type }))).toMatchObject({
        kind: "events",
        emailId: "em_1",
        eventId: "Bounce:42",
        items: [
          {
            type: "bounced",
            recipient: "a@example.com",
            data: { reason: "hard_bounce", bounce_type: Type, status: "5.1.1" },
          },
        ],
      });
    }
  });

  it("records soft types on the timeline and ignores what is not a bounce", () => {
    for (const Type of [
      "Transient",
      "SoftBounce",
      "DnsError",
      "SpamNotification",
      "Blocked",
      "Unknown",
      "DMARCPolicy",
    ]) {
      expect(mapPostmarkEvent(record({ Type }))).toMatchObject({
        items: [
          {
            type: "deferred",
            data: { reason: "soft_bounce", soft_bounce: true, bounce_type: Type },
          },
        ],
      });
    }
    for (const Type of [
      "AutoResponder",
      "Subscribe",
      "Unsubscribe",
      "AddressChange",
      "OpenRelayTest",
    ]) {
      expect(mapPostmarkEvent(record({ Type })).kind).toBe("ignored");
    }
  });

  it("maps SpamComplaint and Delivery, each with its own event id", () => {
    expect(
      mapPostmarkEvent(record({ RecordType: "SpamComplaint", Type: "SpamComplaint" })),
    ).toMatchObject({
      eventId: "SpamComplaint:42",
      items: [{ type: "complained", data: { reason: "complaint" } }],
    });
    expect(
      mapPostmarkEvent(
        record({
          RecordType: "Delivery",
          ID: undefined,
          Recipient: "a@example.com",
          Details: "250 ok",
        }),
      ),
    ).toMatchObject({
      eventId: "Delivery:pm-1:a@example.com",
      items: [{ type: "delivered", recipient: "a@example.com", data: { smtp_response: "250 ok" } }],
    });
    expect(mapPostmarkEvent(record({ RecordType: "Open" })).kind).toBe("ignored");
  });

  it("has no email id without our metadata key", () => {
    expect(mapPostmarkEvent(record({ Metadata: { other: "x" } }))).toMatchObject({ emailId: null });
    expect(mapPostmarkEvent(record({ Metadata: undefined }))).toMatchObject({ emailId: null });
  });
});

describe("Postmark Basic credentials", () => {
  const header = (value: string) => `Basic ${Buffer.from(value).toString("base64")}`;

  it("matches exactly the configured user and password", () => {
    expect(basicAuthMatches(header("pm:secret"), "pm", "secret")).toBe(true);
    expect(
      basicAuthMatches(`basic   ${Buffer.from("pm:secret").toString("base64")}`, "pm", "secret"),
    ).toBe(true);
    expect(basicAuthMatches(header("pm:secret!"), "pm", "secret")).toBe(false);
    expect(basicAuthMatches(header("pm:"), "pm", "secret")).toBe(false);
    expect(basicAuthMatches(header("p:msecret"), "pm", "secret")).toBe(false);
    expect(basicAuthMatches(null, "pm", "secret")).toBe(false);
    expect(basicAuthMatches("Bearer secret", "pm", "secret")).toBe(false);
  });
});
