import { z } from "zod";
import { ValidationError, type ErrorDetail } from "@/lib/core/errors";
import { assertCleanInput } from "@/lib/core/input-guard";

/** Parses input with a zod schema; failures become one 422 with a detail per problem. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // NUL and over-deep input are refused for every caller: API, server actions, worker, CLI.
  assertCleanInput(input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ValidationError(summarize(result.error.issues), toDetails(result.error.issues));
}

export function toDetails(issues: readonly z.core.$ZodIssue[]): ErrorDetail[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "body",
    message: issue.message,
  }));
}

function summarize(issues: readonly z.core.$ZodIssue[]): string {
  const first = issues[0];
  if (!first) return "The request is not valid.";
  const where = first.path.length ? `${first.path.map(String).join(".")}: ` : "";
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  return `${where}${first.message}${more}`;
}

/** A plain JSON object (not an array, not null). */
export const JsonObject = z.custom<Record<string, unknown>>(
  (v) => typeof v === "object" && v !== null && !Array.isArray(v),
  { message: "must be a JSON object" },
);

/**
 * RFC 5321 §4.5.3.1: a local part of at most 64 octets, a domain of at most 255, and a path
 * (`<address>`) of at most 256, so an address of at most 254 characters.
 */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_LOCAL_PART_LENGTH = 64;

// A pragmatic address check: one @, no whitespace or angle brackets, a dotted domain.
const EMAIL_PATTERN = /^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+\.[^\s@<>()[\],;:"\\.]{2,}$/;
export function isEmailAddress(value: string): boolean {
  return (
    value.length <= MAX_EMAIL_LENGTH &&
    value.indexOf("@") <= MAX_LOCAL_PART_LENGTH &&
    EMAIL_PATTERN.test(value)
  );
}

export const EmailAddress = z
  .string({ error: "must be a string" })
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH, { error: `must be at most ${MAX_EMAIL_LENGTH} characters`, abort: true })
  .refine(isEmailAddress, { message: "must be a valid email address" });

/**
 * Event names (`user.signed_up`): recorded events, automation triggers and wait steps. Here, not
 * in lib/events, because lib/events enrolls contacts in lib/automations.
 */
export const EventName = z
  .string({ error: "is required and must be a string" })
  .trim()
  .min(1, "must not be empty")
  .max(200, "must be at most 200 characters");
