/**
 * A copy of `text` that keeps no larger string alive. V8 represents a substring (slice, a
 * regexp match, a trimmed value) as a view into the string it came from, so a long-lived cache
 * keyed by an attribute read out of an email's HTML holds that whole document: 10,000 cached
 * links held ~230 MB of campaign HTML in a worker. Through UTF-16 so every code unit, a lone
 * surrogate too, comes back as it was.
 */
export function detachedCopy(text: string): string {
  return Buffer.from(text, "utf16le").toString("utf16le");
}
