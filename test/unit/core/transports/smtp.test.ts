import { describe, expect, it } from "vitest";
import { classifySmtpError, RELAY_UNREACHABLE } from "@/lib/core/transports/smtp";

const smtpError = (fields: Record<string, unknown>) => Object.assign(new Error("smtp"), fields);

describe("classifySmtpError", () => {
  it("hard-bounces only permanent recipient refusals", () => {
    expect(
      classifySmtpError(
        smtpError({ responseCode: 550, command: "RCPT TO", response: "550 no such user" }),
      ).kind,
    ).toBe("bounced");
    expect(
      classifySmtpError(smtpError({ responseCode: 554, command: "DATA", response: "554 rejected" }))
        .kind,
    ).toBe("bounced");
  });

  it("fails without suppressing when our side is refused (login, sender, session)", () => {
    expect(
      classifySmtpError(
        smtpError({
          code: "EAUTH",
          responseCode: 535,
          command: "AUTH PLAIN",
          response: "535 bad credentials",
        }),
      ).kind,
    ).toBe("failed");
    expect(
      classifySmtpError(
        smtpError({
          code: "EENVELOPE",
          responseCode: 553,
          command: "MAIL FROM",
          response: "553 sender refused",
        }),
      ).kind,
    ).toBe("failed");
    expect(
      classifySmtpError(smtpError({ responseCode: 554, command: "CONN", response: "554 go away" }))
        .kind,
    ).toBe("failed");
  });

  it("retries temporary failures and network errors", () => {
    expect(
      classifySmtpError(
        smtpError({ responseCode: 451, command: "RCPT TO", response: "451 later" }),
      ),
    ).toMatchObject({ kind: "deferred", code: 451 });
    expect(classifySmtpError(smtpError({ code: "ECONNREFUSED" })).kind).toBe("deferred");
  });

  it("says the relay was unreachable without naming its address", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:2526"), {
      code: "ECONNREFUSED",
    });
    expect(classifySmtpError(refused)).toEqual({ kind: "deferred", response: RELAY_UNREACHABLE });
  });
});
