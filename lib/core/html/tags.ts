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

// JavaScript's \s, which the expressions this replaces used for "space".
const SPACE = /\s/;
const isSpace = (char: string) => SPACE.test(char);
const isAsciiLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** Every start tag in the document, in order. */
export function* startTags(html: string): Generator<StartTag> {
  let from = 0;
  for (;;) {
    const start = html.indexOf("<", from);
    if (start === -1) return;
    if (!isAsciiLetter(html.charCodeAt(start + 1))) {
      from = start + 1;
      continue;
    }
    const tag = readStartTag(html, start);
    if (!tag) return; // still open at the end of the input
    yield tag;
    from = tag.end;
  }
}

/** The start tag whose `<` is at `start` (a letter follows it), or null if it never closes. */
export function readStartTag(html: string, start: number): StartTag | null {
  let at = start + 1;
  while (at < html.length && !isSpace(html[at]!) && html[at] !== "/" && html[at] !== ">") at++;
  const name = html.slice(start + 1, at).toLowerCase();
  const attributes: Attribute[] = [];
  for (;;) {
    while (at < html.length && (isSpace(html[at]!) || html[at] === "/")) at++;
    if (at >= html.length) return null;
    if (html[at] === ">") return { start, end: at + 1, name, attributes };
    const attribute = readAttribute(html, at);
    if (!attribute) return null;
    attributes.push(attribute);
    at = attribute.end;
  }
}

function readAttribute(html: string, start: number): Attribute | null {
  // A name runs to a space, `/`, `>` or `=` (a leading `=` belongs to the name, as in browsers).
  let at = start + 1;
  while (at < html.length && !/[\s/>=]/.test(html[at]!)) at++;
  const name = html.slice(start, at).toLowerCase();
  const bare = { name, value: undefined, start, end: at, valueStart: at, valueEnd: at };
  let next = at;
  while (next < html.length && isSpace(html[next]!)) next++;
  if (html[next] !== "=") return bare;
  next++;
  while (next < html.length && isSpace(html[next]!)) next++;
  if (next >= html.length) return null;
  const quote = html[next]!;
  if (quote === ">") return attribute(html, name, start, next, next, next); // `name=>`: empty
  if (quote === '"' || quote === "'") {
    const closing = html.indexOf(quote, next + 1);
    if (closing === -1) return null;
    return attribute(html, name, start, next + 1, closing, closing + 1);
  }
  let end = next;
  while (end < html.length && !isSpace(html[end]!) && html[end] !== ">") end++;
  if (end >= html.length) return null;
  return attribute(html, name, start, next, end, end);
}

function attribute(
  html: string,
  name: string,
  start: number,
  valueStart: number,
  valueEnd: number,
  end: number,
): Attribute {
  return { name, value: html.slice(valueStart, valueEnd), start, end, valueStart, valueEnd };
}
