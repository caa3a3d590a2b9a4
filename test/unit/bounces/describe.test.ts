import { describe, expect, it } from "vitest";
import { describeReport, type BounceReport } from "@/lib/bounces/classify";

const hard: BounceReport = {
  kind: "bounce",
  severity: "hard",
  action: "failed",
  status: "5.1.1",
  diagnostic: "smtp; 550 5.1.1 User unknown",
  recipient: "a@example.net",
  reportingMta: "relay.example.net",
  remoteMta: "mx.example.net",
  originalMessageId: "<em_1@mail.test>",
  originalEnvelopeId: null,
};

describe("describeReport", () => {
  it("names the kind, status, answering server and diagnostic of a bounce", () => {
    expect(describeReport(hard)).toBe(
      "Hard bounce 5.1.1 from mx.example.net: 550 5.1.1 User unknown",
    );
    expect(
      describeReport({
        ...hard,
        severity: "soft",
        action: "delayed",
        status: "4.2.2",
        remoteMta: null,
        diagnostic: "X-Postfix; Mailbox full",
      }),
    ).toBe("Delivery delayed 4.2.2 from relay.example.net: Mailbox full");
    expect(
      describeReport({
        ...hard,
        severity: "soft",
        status: null,
        remoteMta: null,
        reportingMta: null,
        diagnostic: null,
      }),
    ).toBe("Soft bounce");
  });

  it("keeps a diagnostic type it does not know, and caps the length", () => {
    expect(describeReport({ ...hard, diagnostic: "X-Custom; 550 no" })).toBe(
      "Hard bounce 5.1.1 from mx.example.net: X-Custom; 550 no",
    );
    const long = describeReport({ ...hard, diagnostic: `smtp; ${"x".repeat(5000)}` });
    expect(long).toHaveLength(300);
    expect(long.endsWith("…")).toBe(true);
  });

  it("describes complaints and ignored messages", () => {
    expect(
      describeReport({
        kind: "complaint",
        feedbackType: "abuse",
        recipient: "a@example.net",
        userAgent: null,
        reportingMta: "hotmail.example",
        originalMessageId: null,
        arrivalDate: null,
      }),
    ).toBe("Complaint (abuse) reported by hotmail.example for a@example.net");
    expect(describeReport({ kind: "ignored", reason: "auto_reply" })).toBe(
      "Ignored: automatic reply",
    );
  });
});
