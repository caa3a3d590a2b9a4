/**
 * The RFC 3463 enhanced status code (`5.1.1`) in a provider's diagnostic text, when it has one:
 * providers that report only prose still show a code on the email's timeline.
 */
export function enhancedStatusIn(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  return /(?:^|[^\d.])([245]\.\d{1,3}\.\d{1,3})(?![\d.]*\d)/.exec(text)?.[1];
}
