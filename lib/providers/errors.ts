import type { z } from "zod";
import { AppError, BadRequestError } from "@/lib/core/errors";
import { findInputProblem, jsonTextTooDeep } from "@/lib/core/input-guard";

/** A provider endpoint whose secret is not configured: refused, never accepted unverified. */
export class WebhookNotConfiguredError extends AppError {
  constructor(provider: string, howTo: string) {
    super(
      503,
      "provider_webhook_not_configured",
      `${provider} webhooks are not accepted: ${howTo}`,
    );
  }
}

export class InvalidSignatureError extends AppError {
  constructor(reason: string, headers?: Record<string, string>) {
    super(
      401,
      "invalid_signature",
      `The webhook signature is not valid. ${reason}`,
      undefined,
      headers,
    );
  }
}

/** Authentic, but from a sender this instance was not told to believe (an SNS topic). */
export class WebhookSenderNotAllowedError extends AppError {
  constructor(message: string) {
    super(403, "webhook_sender_not_allowed", message);
  }
}

/** Parses a raw body as JSON; not JSON is a 400, as for every JSON endpoint. */
export function parseJsonBody(body: string): unknown {
  if (jsonTextTooDeep(body)) throw malformed("it nests too deeply");
  try {
    return JSON.parse(body);
  } catch {
    throw new BadRequestError("invalid_json", "The request body is not valid JSON.");
  }
}

/**
 * Parses a provider payload. A body that is JSON but not the provider's documented shape is a 400
 * `invalid_payload`: the provider sent (or someone forged) something we cannot read, which is
 * not a client's validation mistake to correct field by field.
 */
export function parseProviderPayload<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  assertCleanProviderInput(value);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.map(String).join(".")}: ` : "";
  throw malformed(`${where}${issue?.message ?? "invalid"}`);
}

/** NUL characters and absurd nesting are refused (400) before anything is stored. */
export function assertCleanProviderInput(value: unknown) {
  const problem = findInputProblem(value);
  if (problem) throw malformed(`${problem.path}: ${problem.message}`);
}

function malformed(why: string) {
  return new BadRequestError(
    "invalid_payload",
    `The webhook body is not in the provider's documented shape (${why}).`,
  );
}
