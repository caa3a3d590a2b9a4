import { z } from "zod";

/**
 * Contact tags: a JSON array of strings in `data.tags`, where automations' add-tag/remove-tag
 * steps and API users already put them (so stored data and `{{data.tags}}` keep working). A tag
 * is matched exactly as written. Shared by contacts, automations and segments, so it lives here.
 */
export const MAX_TAG_LENGTH = 100;

export const Tag = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, "must not be empty")
  .max(MAX_TAG_LENGTH, `must be at most ${MAX_TAG_LENGTH} characters`);

/** The tags in a contact's data: an array of strings, or a single string written by hand. */
export function tagsOf(value: unknown): string[] {
  if (Array.isArray(value)) {
    return [...new Set(value.filter((v) => v !== null && v !== "").map(String))];
  }
  if (typeof value === "string" && value !== "") return [value];
  return [];
}
