import { describe, expect, it } from "vitest";
import { dataPatchFor, parseContactForm, parseDataField } from "@/lib/web/dashboard/contact-form";
import { relativeTime } from "@/lib/web/dashboard/format";
import { toFormState } from "@/lib/web/dashboard/form-state";
import { NotFoundError, ValidationError } from "@/lib/core/errors";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe("contact form parsing", () => {
  it("turns the fields into service input", () => {
    const parsed = parseContactForm(
      form({ email: " Ada@Example.com ", name: "Ada", subscribed: "on", data: '{"plan":"pro"}' }),
      { withEmail: true },
    );
    expect(parsed).toEqual({
      ok: true,
      input: { email: "Ada@Example.com", name: "Ada", subscribed: true, data: { plan: "pro" } },
    });
  });

  it("treats a missing switch as unsubscribed and empty data as no data", () => {
    const parsed = parseContactForm(form({ name: "", data: "  " }), { withEmail: false });
    expect(parsed).toEqual({ ok: true, input: { name: "", subscribed: false } });
  });

  it("reports every field problem at once", () => {
    const parsed = parseContactForm(form({ email: "nope", data: "{plan: pro}" }), {
      withEmail: true,
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors.email).toBe("Must be a valid email address.");
    expect(parsed.fieldErrors.data).toMatch(/^Must be valid JSON \(.+\)\.$/);
    expect(parsed.fieldErrors.data).not.toContain("{plan: pro}");
  });

  it("asks for an email when creating", () => {
    const parsed = parseContactForm(form({ email: "  " }), { withEmail: true });
    expect(parsed).toEqual({ ok: false, fieldErrors: { email: "Enter an email address." } });
  });

  it("passes non-object JSON through for the service to reject", () => {
    expect(parseDataField("[1, 2]")).toEqual({ ok: true, value: [1, 2] });
  });
});

describe("data patch for a whole-document edit", () => {
  it("removes keys that disappeared and keeps the rest", () => {
    expect(dataPatchFor({ plan: "free", seats: 2 }, { plan: "pro" })).toEqual({
      plan: "pro",
      seats: null,
    });
  });

  it("clears everything for an empty document", () => {
    expect(dataPatchFor({ a: 1, b: 2 }, {})).toEqual({ a: null, b: null });
  });

  it("leaves a non-object untouched so validation reports it", () => {
    expect(dataPatchFor({ a: 1 }, [1])).toEqual([1]);
  });
});

describe("domain errors as form state", () => {
  it("places details on the fields the form shows", () => {
    const error = new ValidationError("email: must be a valid email address", [
      { path: "email", message: "must be a valid email address" },
      { path: "data.plan", message: "must be a string" },
    ]);
    const state = toFormState(error, ["email", "data"]);
    expect(state).toMatchObject({
      status: "error",
      message: "Please correct the highlighted fields.",
      fieldErrors: {
        email: "Must be a valid email address.",
        data: "plan: must be a string.",
      },
    });
  });

  it("keeps the error message when a detail has no field", () => {
    const error = new ValidationError("cursor is bad", [{ path: "cursor", message: "bad" }]);
    expect(toFormState(error, ["email"])).toMatchObject({
      message: "cursor is bad",
      fieldErrors: {},
    });
  });

  it("maps errors without details to a form-level message", () => {
    expect(toFormState(new NotFoundError("Contact"), [])).toMatchObject({
      status: "error",
      message: "Contact not found.",
    });
  });

  it("rethrows anything that is not a domain error", () => {
    expect(() => toFormState(new Error("boom"), [])).toThrow("boom");
  });
});

describe("relative time", () => {
  const now = new Date("2026-06-01T12:00:00.000Z");
  const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now);

  it("reads like a person would say it", () => {
    expect(ago(10_000)).toBe("just now");
    expect(ago(5 * 60_000)).toBe("5 minutes ago");
    expect(ago(3 * 3600_000)).toBe("3 hours ago");
    expect(ago(24 * 3600_000)).toBe("yesterday");
    expect(ago(14 * 24 * 3600_000)).toBe("2 weeks ago");
    expect(ago(400 * 24 * 3600_000)).toBe("last year");
  });
});
