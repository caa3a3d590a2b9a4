/** Text a report explains itself in: the first part a non-standard bounce puts on screen. */

/** The most text read from a report's readable part; explanations are a few KB. */
export const MAX_REPORT_TEXT = 256 * 1024;

/** Tags after which a browser starts a new line. */
const BLOCK_TAGS: ReadonlySet<string> = new Set([
  "br",
  "p",
  "div",
  "tr",
  "li",
  "table",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "pre",
]);

const ENTITIES: Record<string, string> = {
  "&nbsp;": " ",
  "&lt;": "<",
  "&gt;": ">",
  "&amp;": "&",
  "&quot;": '"',
  "&#39;": "'",
  "&#160;": " ",
};

/**
 * The text of an HTML-only report (Exchange sends some NDRs that way), one scan: tags dropped,
 * block tags turned into line breaks, the few entities NDRs use decoded. Not a renderer; enough
 * to find a status code and the addresses around it.
 */
export function htmlToText(html: string): string {
  const input = html.slice(0, MAX_REPORT_TEXT);
  let out = "";
  let i = 0;
  while (i < input.length) {
    const open = input.indexOf("<", i);
    const textEnd = open === -1 ? input.length : open;
    out += decodeEntities(input.slice(i, textEnd));
    if (open === -1) break;
    const close = input.indexOf(">", open);
    if (close === -1) break;
    if (BLOCK_TAGS.has(tagName(input.slice(open + 1, Math.min(close, open + 12))))) out += "\n";
    i = close + 1;
  }
  return out;
}

function tagName(inside: string): string {
  let start = inside.startsWith("/") ? 1 : 0;
  let end = start;
  while (end < inside.length && /[a-zA-Z0-9]/.test(inside[end]!)) end++;
  if (end === start) start = end;
  return inside.slice(start, end).toLowerCase();
}

function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  let out = "";
  let i = 0;
  while (i < text.length) {
    const amp = text.indexOf("&", i);
    if (amp === -1) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, amp);
    const semicolon = text.indexOf(";", amp);
    const entity = semicolon !== -1 && semicolon - amp <= 6 ? text.slice(amp, semicolon + 1) : "";
    const decoded = ENTITIES[entity.toLowerCase()];
    out += decoded ?? "&";
    i = decoded === undefined ? amp + 1 : semicolon + 1;
  }
  return out;
}
