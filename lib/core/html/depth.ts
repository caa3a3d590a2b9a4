/**
 * How deeply an HTML document nests its elements, measured in one linear pass so that HTML can
 * be refused before anything expensive reads it. htmlparser2 (under html-to-text, which writes
 * the plain-text part of every email) keeps its open elements in an array it grows with
 * `unshift`, so parsing costs depth²: 100,000 nested `<span>`s (600 KB) took 3.7 s, and deeper
 * ones overflow the stack (issue 10). No real email nests more than a few dozen levels.
 */
import { readStartTag } from "./tags";

export const MAX_HTML_DEPTH = 256;

// Elements that never hold children, and elements a repeat of themselves closes (`<p><p>`,
// `<li><li>`, `<td><td>`): neither makes the parser's stack deeper, so neither is counted. This
// may overcount elements it does not know, never undercount (end tags must match to count).
const NOT_NESTING: ReadonlySet<string> = new Set(
  (
    "area base br col embed hr img input link meta source track wbr param keygen " +
    "p li dt dd td th tr option optgroup rp rt thead tbody tfoot colgroup"
  ).split(" "),
);

/** The nesting depth, or MAX_HTML_DEPTH + 1 as soon as it is known to be deeper than that. */
export function htmlNestingDepth(html: string): number {
  const stack: string[] = [];
  // Positions in `stack` of each open name, so an end tag finds its element in O(1).
  const openAt = new Map<string, number[]>();
  let deepest = 0;
  for (let at = html.indexOf("<"); at !== -1; at = html.indexOf("<", at + 1)) {
    const closing = html[at + 1] === "/";
    const name = tagName(html, closing ? at + 2 : at + 1);
    if (!name) continue;
    if (!closing) {
      // Read the whole tag, so a `<` inside it (an attribute, or `<a <a <a`) is not a tag.
      const tag = readStartTag(html, at);
      if (!tag) break; // open until the end: nothing after it is a tag
      at = tag.end - 1;
    }
    if (NOT_NESTING.has(name)) continue;
    if (closing) {
      const positions = openAt.get(name);
      if (!positions?.length) continue; // a stray end tag closes nothing
      const target = positions[positions.length - 1]!;
      while (stack.length > target) openAt.get(stack.pop()!)!.pop();
      continue;
    }
    const positions = openAt.get(name) ?? [];
    positions.push(stack.length);
    openAt.set(name, positions);
    stack.push(name);
    deepest = Math.max(deepest, stack.length);
    if (deepest > MAX_HTML_DEPTH) return deepest;
  }
  return deepest;
}

function tagName(html: string, from: number): string | null {
  let end = from;
  while (end < html.length && /[A-Za-z0-9:-]/.test(html[end]!)) end++;
  if (end === from || !/[A-Za-z]/.test(html[from]!)) return null;
  return html.slice(from, end).toLowerCase();
}
