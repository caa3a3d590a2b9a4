/**
 * Start tags and their attributes in email HTML, read in one linear pass the way a browser's
 * tokenizer reads them (HTML § 13.2.5, simplified): `<name`, then attributes whose values are
 * double-quoted, single-quoted or unquoted, up to the `>` that is not inside a quoted value. Not
 * a parser: comments, raw text and character references are left to the caller.
 *
 * Regular expressions did this before and were quadratic on unclosed tags: 45,000 × `<a ` made
 * every `<a ` scan to the end of the document again and froze the process for seconds (issue 10).
 * A tag still open at the end of the input ends the scan, as it ends the document in a browser.
 */
export type Attribute = {
  /** Lower-cased attribute name. */
  name: string;
  /** The value as written (character references not decoded); undefined for a bare attribute. */
  value: string | undefined;
  /** The whole `name=value` span (closing quote included), as indexes into the HTML. */
  start: number;
  end: number;
  /** The value's span without its quotes. */
  valueStart: number;
  valueEnd: number;
};

export type StartTag = {
  /** Index of `<`. */
  start: number;
  /** Index just after `>`. */
  end: number;
  /** Lower-cased tag name. */
  name: string;
  attributes: Attribute[];
};

/**
 * JavaScript's \s (which the expressions this replaces used for "space"), by character code:
 * a regular expression tested on each character was most of the cost of reading a tag.
 */
function isSpaceCode(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
const SLASH = 0x2f;
const GREATER = 0x3e;
const EQUALS = 0x3d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const isAsciiLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/**
 * Which tags and attributes a reader keeps: the others are read past, not built (a document
 * whose every cell carries a `style` and a `width` made reading its tags most of the cost of
 * stripping scripts and rewriting links at delivery, and most of that was building objects).
 */
export type TagFilter = {
  /** Only the tags of this (lower-case) name come with their attributes. */
  tag?: string;
  /** Only the attributes whose name (`html.slice(start, end)`, as written) this accepts. */
  attribute?: (html: string, start: number, end: number) => boolean;
};

/** Every start tag in the document, in order; with a `tag` filter only those of that name. */
export function* startTags(html: string, filter: TagFilter = {}): Generator<StartTag> {
  let from = 0;
  for (;;) {
    const start = html.indexOf("<", from);
    if (start === -1) return;
    if (!isAsciiLetter(html.charCodeAt(start + 1))) {
      from = start + 1;
      continue;
    }
    const tag = readStartTag(html, start, filter);
    if (!tag) return; // still open at the end of the input
    if (filter.tag === undefined || tag.name === filter.tag) yield tag;
    from = tag.end;
  }
}

/**
 * The start tag whose `<` is at `start` (a letter follows it), or null if it never closes; with
 * the attributes the filter keeps (a tag of another name than its `tag` comes back without any).
 */
export function readStartTag(html: string, start: number, filter: TagFilter = {}): StartTag | null {
  const length = html.length;
  let at = start + 1;
  for (; at < length; at++) {
    const code = html.charCodeAt(at);
    if (isSpaceCode(code) || code === SLASH || code === GREATER) break;
  }
  const name = html.slice(start + 1, at).toLowerCase();
  const attributes: Attribute[] = [];
  const kept = filter.tag === undefined || name === filter.tag ? attributes : null;
  const keep = filter.attribute;
  for (;;) {
    while (at < length && (isSpaceCode(html.charCodeAt(at)) || html.charCodeAt(at) === SLASH)) at++;
    if (at >= length) return null;
    if (html.charCodeAt(at) === GREATER) return { start, end: at + 1, name, attributes };
    at = readAttribute(html, at, kept, keep);
    if (at === -1) return null;
  }
}

/**
 * Reads the attribute at `start`, adds it to `kept` (unless null, or `keep` refuses its name) and
 * returns the index after it, or -1 when the input ends inside it.
 */
function readAttribute(
  html: string,
  start: number,
  kept: Attribute[] | null,
  keep: TagFilter["attribute"],
): number {
  const length = html.length;
  // A name runs to a space, `/`, `>` or `=` (a leading `=` belongs to the name, as in browsers).
  let at = start + 1;
  for (; at < length; at++) {
    const code = html.charCodeAt(at);
    if (isSpaceCode(code) || code === SLASH || code === GREATER || code === EQUALS) break;
  }
  const nameEnd = at;
  const into = kept && (!keep || keep(html, start, nameEnd)) ? kept : null;
  let next = at;
  while (next < length && isSpaceCode(html.charCodeAt(next))) next++;
  if (html.charCodeAt(next) !== EQUALS) {
    into?.push(attribute(html, start, nameEnd, -1, -1, nameEnd));
    return nameEnd;
  }
  next++;
  while (next < length && isSpaceCode(html.charCodeAt(next))) next++;
  if (next >= length) return -1;
  const quote = html.charCodeAt(next);
  if (quote === GREATER) {
    // `name=>`: an empty value
    into?.push(attribute(html, start, nameEnd, next, next, next));
    return next;
  }
  if (quote === DOUBLE_QUOTE || quote === SINGLE_QUOTE) {
    const closing = html.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", next + 1);
    if (closing === -1) return -1;
    into?.push(attribute(html, start, nameEnd, next + 1, closing, closing + 1));
    return closing + 1;
  }
  let end = next;
  while (end < length && !isSpaceCode(html.charCodeAt(end)) && html.charCodeAt(end) !== GREATER)
    end++;
  if (end >= length) return -1;
  into?.push(attribute(html, start, nameEnd, next, end, end));
  return end;
}

/** An attribute from its spans; `valueStart` -1 for a bare one (no `=`). */
function attribute(
  html: string,
  start: number,
  nameEnd: number,
  valueStart: number,
  valueEnd: number,
  end: number,
): Attribute {
  const name = html.slice(start, nameEnd).toLowerCase();
  return valueStart === -1
    ? { name, value: undefined, start, end, valueStart: nameEnd, valueEnd: nameEnd }
    : { name, value: html.slice(valueStart, valueEnd), start, end, valueStart, valueEnd };
}
