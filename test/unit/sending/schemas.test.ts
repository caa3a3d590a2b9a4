import { describe, expect, it } from "vitest";
import { EmailTags, ScheduledAt, SendEmailBatchInput } from "@/lib/sending/schemas";

const base = { from: "a@mail.test", to: "b@example.com", subject: "Hi", html: "<p>x</p>" };

describe("send schemas", () => {
  it("accepts Resend's tag rules and refuses the rest", () => {
    expect(EmailTags.safeParse([{ name: "user_id", value: "abc-123" }]).success).toBe(true);
    for (const tag of [
      { name: "has space", value: "x" },
      { name: "x", value: "é" },
      { name: "", value: "x" },
      { name: "x", value: "v".repeat(257) },
      { name: "x" },
    ])
      expect(EmailTags.safeParse([tag]).success, JSON.stringify(tag)).toBe(false);
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `t${i}`, value: "v" }));
    expect(EmailTags.safeParse(many).success).toBe(false);
    expect(EmailTags.safeParse(many.slice(0, 50)).success).toBe(true);
  });

  it("takes ISO 8601 timestamps with an offset for scheduled_at", () => {
    expect(ScheduledAt.safeParse("2026-06-01T09:00:00Z").success).toBe(true);
    expect(ScheduledAt.safeParse("2026-06-01T09:00:00.000+02:00").success).toBe(true);
    for (const value of ["2026-06-01", "tomorrow", "2026-06-01 09:00", 1780000000])
      expect(ScheduledAt.safeParse(value).success, String(value)).toBe(false);
  });

  it("takes 1 to 100 emails in a batch and names the item in error paths", () => {
    expect(SendEmailBatchInput.safeParse([base]).success).toBe(true);
    expect(SendEmailBatchInput.safeParse([]).success).toBe(false);
    expect(SendEmailBatchInput.safeParse(Array(101).fill(base)).success).toBe(false);
    const result = SendEmailBatchInput.safeParse([base, { ...base, to: 5 }]);
    expect(result.error?.issues[0]?.path).toEqual([1, "to"]);
  });
});
