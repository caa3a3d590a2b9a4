import { z } from "zod";

/** ISO 8601 UTC with milliseconds: the one place timestamps become strings. */
export function iso(value: Date): string;
export function iso(value: Date | null | undefined): string | null;
export function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

/** A timestamp as `iso()` writes it, in response schemas (lib/<domain>/serialize.ts). */
export const Timestamp = z.iso.datetime().meta({ example: "2026-06-01T12:00:00.000Z" });

/** A JSON object of the caller's (contact data, event data, variables), in response schemas. */
export const JsonObjectResponse = z.record(z.string(), z.unknown());

/** `{id, deleted: true}`: what every DELETE answers (DECISIONS §4). */
export const DeletedResponse = z.strictObject({ id: z.string(), deleted: z.literal(true) });
