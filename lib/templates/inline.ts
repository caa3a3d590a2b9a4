/**
 * The inline markup of text blocks: `**bold**`, `[label](url)` and line breaks. It is parsed on
 * the template (placeholders still in place) and variables are filled into the pieces afterwards,
 * so a variable value is always literal text: a contact named "[x](https://…)" stays text.
 */
export type InlineNode =
  | { kind: "text"; text: string }
  | { kind: "bold"; children: InlineNode[] }
  | { kind: "link"; label: string; href: string }
  | { kind: "break" };

/**
 * A hand-written scanner: the regular expression it replaces tried a placeholder both as one
 * token and as plain characters inside link labels, which is exponential in the number of
 * placeholders (8 blocks froze the process for seconds, issue 10), and rescanned a line for
 * every `[`. Placeholders (`{{…}}` without inner braces) are atomic everywhere, so markup
 * characters inside a fallback (`{{ a | "**" }}`) stay put; a link or bold span that cannot
 * close is remembered, so no later `[` on the same stretch scans it again.
 */
export function parseInline(source: string): InlineNode[] {
  const nodes: InlineNode[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = nodes[nodes.length - 1];
    if (last?.kind === "text") last.text += text;
    else nodes.push({ kind: "text", text });
  };
  let copied = 0;
  let at = 0;
  // Positions before which a link or bold attempt is known to fail (see walk()).
  let noLinkBefore = -1;
  let noBoldBefore = -1;
  const failedHref = { from: -1, to: -1 };
  const emit = (node: InlineNode | null, end: number) => {
    pushText(source.slice(copied, at));
    if (node) nodes.push(node);
    else pushText(source.slice(at, end));
    copied = at = end;
  };
  while (at < source.length) {
    const char = source[at]!;
    const placeholderEnd = char === "{" ? placeholderAt(source, at) : -1;
    if (placeholderEnd !== -1) {
      emit(null, placeholderEnd);
    } else if (char === "*" && source[at + 1] === "*" && at >= noBoldBefore) {
      const bold = boldAt(source, at);
      if (bold.node) emit(bold.node, bold.end);
      else {
        noBoldBefore = bold.end;
        at++;
      }
    } else if (char === "[" && at >= noLinkBefore) {
      const link = linkAt(source, at, failedHref);
      if (link.node) emit(link.node, link.end);
      else {
        noLinkBefore = link.end;
        at++;
      }
    } else if (char === "\n" || (char === "\r" && source[at + 1] === "\n")) {
      emit({ kind: "break" }, at + (char === "\r" ? 2 : 1));
    } else at++;
  }
  pushText(source.slice(copied));
  return nodes;
}

/** The end of a `{{…}}` (no braces inside) starting at `at`, or -1. */
function placeholderAt(source: string, at: number): number {
  if (source[at] !== "{" || source[at + 1] !== "{") return -1;
  let i = at + 2;
  while (i < source.length && source[i] !== "{" && source[i] !== "}") i++;
  return source[i] === "}" && source[i + 1] === "}" ? i + 2 : -1;
}

type Attempt = { node: InlineNode | null; end: number };

/**
 * Walks from `from` over placeholders and single characters until `stop` says so; returns where
 * it stopped. The same walk from any position it passed stops at the same place.
 */
function walk(source: string, from: number, stop: (at: number) => boolean): number {
  let at = from;
  while (at < source.length && !stop(at)) {
    const end = placeholderAt(source, at);
    at = end === -1 ? at + 1 : end;
  }
  return at;
}

/** `**` + a non-space + anything up to the next `**` on the line (an unclosed `{{` ends it). */
function boldAt(source: string, at: number): Attempt {
  const contentStart = at + 2;
  const end = walk(
    source,
    contentStart,
    (i) =>
      source[i] === "\n" ||
      (source[i] === "*" && source[i + 1] === "*") ||
      (source[i] === "{" && source[i + 1] === "{" && placeholderAt(source, i) === -1),
  );
  const opens = contentStart < source.length && !/\s/.test(source[contentStart]!);
  if (!opens || end === contentStart || source.slice(end, end + 2) !== "**") {
    // A non-empty walk that failed fails from every `**` it passed; `***x**` still tries at 1.
    return { node: null, end: opens && end > contentStart ? end : at + 1 };
  }
  const children = parseInline(source.slice(contentStart, end));
  return { node: { kind: "bold", children }, end: end + 2 };
}

/**
 * `[label](href)`: a label without `]` or a line break, an href without spaces or `)`. An href
 * walk that failed is remembered in `failedHref`: a later href starting inside it fails alike.
 */
function linkAt(source: string, at: number, failedHref: { from: number; to: number }): Attempt {
  const labelEnd = walk(source, at + 1, (i) => source[i] === "]" || source[i] === "\n");
  if (labelEnd === at + 1 || source[labelEnd] !== "]" || source[labelEnd + 1] !== "(") {
    return { node: null, end: labelEnd };
  }
  const hrefStart = skipSpaces(source, labelEnd + 2);
  if (hrefStart >= failedHref.from && hrefStart < failedHref.to)
    return { node: null, end: labelEnd };
  const hrefEnd = walk(source, hrefStart, (i) => source[i] === ")" || /\s/.test(source[i]!));
  const close = skipSpaces(source, hrefEnd);
  if (hrefEnd === hrefStart || source[close] !== ")") {
    Object.assign(failedHref, { from: hrefStart, to: hrefEnd });
    return { node: null, end: labelEnd };
  }
  const label = source.slice(at + 1, labelEnd);
  return { node: { kind: "link", label, href: source.slice(hrefStart, hrefEnd) }, end: close + 1 };
}

function skipSpaces(source: string, from: number): number {
  let at = from;
  while (at < source.length && /\s/.test(source[at]!)) at++;
  return at;
}

/** Every link target in the markup, for authoring-time URL checks. */
export function inlineLinks(nodes: InlineNode[]): string[] {
  return nodes.flatMap((node) =>
    node.kind === "link" ? [node.href] : node.kind === "bold" ? inlineLinks(node.children) : [],
  );
}
