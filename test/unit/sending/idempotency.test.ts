import { describe, expect, it } from "vitest";
import { requestFingerprint } from "@/lib/sending/idempotency";

/** What makes two requests under one Idempotency-Key the same request (replay) or not (422). */
describe("requestFingerprint", () => {
  const email = {
    from: "a@mail.test",
    to: "b@example.com",
    subject: "Hi",
    tags: [{ name: "k", value: "v" }],
  };

  it("ignores the order of object keys, at every depth", () => {
    const reordered = {
      tags: [{ value: "v", name: "k" }],
      subject: "Hi",
      to: "b@example.com",
      from: "a@mail.test",
    };
    expect(requestFingerprint("POST /v1/send", reordered)).toBe(
      requestFingerprint("POST /v1/send", email),
    );
  });

  it("treats an absent field and an undefined one alike (both are left out of JSON)", () => {
    expect(requestFingerprint("r", { ...email, cc: undefined })).toBe(
      requestFingerprint("r", email),
    );
  });

  it("tells apart another value, another array order and another route", () => {
    const base = requestFingerprint("POST /v1/send", email);
    expect(requestFingerprint("POST /v1/send", { ...email, to: "c@example.com" })).not.toBe(base);
    expect(requestFingerprint("POST /v1/send/batch", email)).not.toBe(base);
    expect(requestFingerprint("r", [email, { ...email, to: "c@example.com" }])).not.toBe(
      requestFingerprint("r", [{ ...email, to: "c@example.com" }, email]),
    );
    // A string that looks like JSON is not the structure it spells.
    expect(requestFingerprint("r", { a: '{"b":1}' })).not.toBe(
      requestFingerprint("r", { a: { b: 1 } }),
    );
  });
});
