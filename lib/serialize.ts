/** ISO 8601 UTC with milliseconds: the one place timestamps become strings. */
export function iso(value: Date): string;
export function iso(value: Date | null | undefined): string | null;
export function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}
