import { readStartTag, type TagFilter } from "./tags";

/**
 * Scripts in email HTML (issue 21): `<script>` elements, `on…` event handler attributes and
 * `javascript:` / `vbscript:` URLs. No email client runs them, so every email loses them at
 * compose time (lib/sending/compose.ts) and the template editor warns about them before save.
 *
 * Read in one linear pass with the HTML tokenizer's rules (§13.2.5) for text, tags, comments,
 * bogus comments and raw-text elements (`<style>`, `<title>`, `<textarea>`…), so what counts
 * as a script is what a browser would run, and a `<script>` inside a comment or an attribute
 * value is left as the text it is. Foreign content (`<svg>`, `<math>`) is read as HTML. This is
 * hygiene, not the security boundary: recipients' clients strip scripts themselves, and the
 * dashboard shows email HTML only in sandboxed frames.
 */
export type ActiveContentKind = "script" | "event_handler" | "script_url";

export type ActiveContent = {
  kind: ActiveContentKind;
  /** `script`, the handler attribute (`onclick`) or the URL attribute (`href`). */
  name: string;
  /** The tag it sits on (`a`, `img`; `script` for a script element). */
  tag: string;
  /** The span removed: the whole element for a script, the `name=value` for an attribute. */
  start: number;
  end: number;
};

// Elements whose content is text up to their own end tag (RAWTEXT, RCDATA and script data).
const RAW_TEXT: ReadonlySet<string> = new Set([
  "script",
  "style",
  "textarea",
  "title",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "noscript",
]);

// Attributes a browser follows or loads as a URL.
const URL_ATTRIBUTES: ReadonlySet<string> = new Set([
  "href",
  "xlink:href",
  "src",
  "action",
  "formaction",
  "background",
  "poster",
  "lowsrc",
  "dynsrc",
]);
// (Lower-casing never shortens a name, and the one letter it lengthens, U+0130, becomes no
// letter of these names: a name of another length is none of them.)
const URL_ATTRIBUTE_LENGTHS: ReadonlySet<number> = new Set(
  [...URL_ATTRIBUTES].map((n) => n.length),
);

/**
 * The attributes that can hold a script (`on…` handlers, URL attributes) are the only ones read
 * into objects; the `style`, `class` and `width` of every cell are read past.
 */
const SCRIPT_HOLDERS: TagFilter = {
  attribute: (html, start, end) => {
    const first = html.charCodeAt(start) | 0x20;
    if (first === 0x6f /* o */ && (html.charCodeAt(start + 1) | 0x20) === 0x6e /* n */) return true;
    return (
      URL_ATTRIBUTE_LENGTHS.has(end - start) &&
      URL_ATTRIBUTES.has(html.slice(start, end).toLowerCase())
    );
  },
};

const isAsciiLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** Every script, handler and script URL in the document, in order. */
export function findActiveContent(html: string): ActiveContent[] {
  const found: ActiveContent[] = [];
  let at = 0;
  for (;;) {
    const lt = html.indexOf("<", at);
    if (lt === -1) return found;
    const next = html.charCodeAt(lt + 1);
    if (next === 0x21 /* ! */) {
      at = html.startsWith("<!--", lt) ? commentEnd(html, lt) : bogusCommentEnd(html, lt + 2);
    } else if (next === 0x3f /* ? */) {
      at = bogusCommentEnd(html, lt + 1);
    } else if (next === 0x2f /* / */) {
      // An end tag is read like a start tag (its attributes are parsed, then dropped).
      if (isAsciiLetter(html.charCodeAt(lt + 2))) {
        const tag = readStartTag(html, lt + 1);
        if (!tag) return found;
        at = tag.end;
      } else at = html[lt + 2] === ">" ? lt + 3 : bogusCommentEnd(html, lt + 2);
    } else if (isAsciiLetter(next)) {
      const tag = readStartTag(html, lt, SCRIPT_HOLDERS);
      if (!tag) return found; // a tag still open at the end: the browser drops it
      if (tag.name === "plaintext") return found; // the rest is text
      const contentEnd = RAW_TEXT.has(tag.name) ? rawTextEnd(html, tag.name, tag.end) : tag.end;
      if (tag.name === "script") {
        found.push({ kind: "script", name: "script", tag: "script", start: lt, end: contentEnd });
      } else {
        for (const attribute of tag.attributes) {
          const kind = attribute.name.startsWith("on")
            ? "event_handler"
            : URL_ATTRIBUTES.has(attribute.name) && isScriptUrl(attribute.value ?? "")
              ? "script_url"
              : null;
          if (kind)
            found.push({
              kind,
              name: attribute.name,
              tag: tag.name,
              start: attribute.start,
              end: attribute.end,
            });
        }
      }
      at = contentEnd;
    } else at = lt + 1; // a `<` that starts nothing is text
  }
}

/** The document without its scripts, handlers and script URLs; anything else as written. */
export function stripActiveContent(html: string): string {
  const found = findActiveContent(html);
  if (found.length === 0) return html;
  const parts: string[] = [];
  let copied = 0;
  for (const { start, end } of found) {
    const text = html.slice(copied, start);
    // `<` + `<script>…</script>` + `img …>` would join into a new tag once the script is gone.
    parts.push(text.endsWith("<") ? `${text.slice(0, -1)}&lt;` : text);
    copied = end;
  }
  parts.push(html.slice(copied));
  return parts.join("");
}

/** After a comment opened at `start`: `-->` or `--!>`, or at once for `<!-->` and `<!--->`. */
function commentEnd(html: string, start: number): number {
  if (html.startsWith(">", start + 4)) return start + 5;
  if (html.startsWith("->", start + 4)) return start + 6;
  const close = /--!?>/g;
  close.lastIndex = start + 4;
  const match = close.exec(html);
  return match ? match.index + match[0].length : html.length;
}

/** `<!…>`, `<?…>` and `</` + non-letter run to the next `>`. */
function bogusCommentEnd(html: string, from: number): number {
  const gt = html.indexOf(">", from);
  return gt === -1 ? html.length : gt + 1;
}

/** Just after the end tag that closes a raw-text element, or the end of the document. */
function rawTextEnd(html: string, name: string, from: number): number {
  const pattern = new RegExp(`</${name}[\\t\\n\\f\\r />]`, "gi");
  pattern.lastIndex = from;
  const match = pattern.exec(html);
  if (!match) return html.length;
  const endTag = readStartTag(html, match.index + 1);
  return endTag ? endTag.end : html.length;
}

/**
 * Whether a URL attribute's value runs script once the browser has decoded its character
 * references and dropped the tabs, newlines and leading controls a URL parser ignores
 * (`java&#x09;script:`, `&#106;avascript:`, `javascript&colon;` all count).
 */
export function isScriptUrl(value: string): boolean {
  const decoded = value.replace(
    /&(#[xX][0-9a-fA-F]+|#[0-9]+|colon|Tab|NewLine);?/g,
    (whole, ref: string) => {
      if (ref === "colon") return ":";
      if (ref === "Tab") return "\t";
      if (ref === "NewLine") return "\n";
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : +ref.slice(1);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    },
  );
  const scheme = decoded.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+/, "");
  return /^(javascript|vbscript):/i.test(scheme);
}
