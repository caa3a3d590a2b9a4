import { describe, expect, it } from "vitest";
import { ConflictError, ValidationError } from "@/lib/core/errors";
import { acceptedReply, replyForSubmissionError } from "@/lib/submission/replies";

const refusal = (code: string) => new ValidationError("Because.", [], code);

describe("replyForSubmissionError", () => {
  it("refuses the sender's problems for good with 5.7.1", () => {
    for (const code of ["domain_not_verified", "no_sender", "invalid_from"]) {
      expect(replyForSubmissionError(refusal(code))).toEqual({
        code: 550,
        message: "5.7.1 Because.",
      });
    }
  });

  it("maps size, suppression and idempotency to their own codes", () => {
    expect(replyForSubmissionError(refusal("message_too_big")).code).toBe(552);
    expect(replyForSubmissionError(refusal("recipient_suppressed")).message).toMatch(/^5\.1\.1 /);
    expect(replyForSubmissionError(refusal("idempotency_key_reused")).message).toMatch(/^5\.7\.0 /);
    expect(replyForSubmissionError(new ConflictError("Nope."))).toEqual({
      code: 550,
      message: "5.6.0 Nope.",
    });
  });

  it("answers anything unexpected with a temporary 451, so the app's mailer retries", () => {
    expect(replyForSubmissionError(new Error("connection reset"))).toEqual({
      code: 451,
      message: "4.3.0 Temporary failure, please try again later",
    });
  });
});

describe("acceptedReply", () => {
  it("names every email, and says when a resubmission was already accepted", () => {
    expect(acceptedReply(["em_1", "em_2"], false)).toBe("2.0.0 Queued as em_1 em_2");
    expect(acceptedReply(["em_1"], true)).toBe("2.0.0 Already accepted as em_1");
  });
});
