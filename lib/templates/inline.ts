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

// Placeholders come first so markup characters inside a fallback (`{{ a | "**" }}`) stay put.
const TOKEN =
  /(\{\{[^{}]*\}\})|\*\*(?=\S)((?:\{\{[^{}]*\}\}|(?!\*\*|\{\{)[^\n])+)\*\*|\[((?:\{\{[^{}]*\}\}|[^\]\n])+)\]\(\s*((?:\{\{[^{}]*\}\}|[^)\s])+)\s*\)|(\r?\n)/g;

export function parseInline(source: string): InlineNode[] {
  const nodes: InlineNode[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = nodes[nodes.length - 1];
    if (last?.kind === "text") last.text += text;
    else nodes.push({ kind: "text", text });
  };
  let index = 0;
  for (const match of source.matchAll(TOKEN)) {
    pushText(source.slice(index, match.index));
    index = match.index + match[0].length;
    const [, placeholder, bold, label, href] = match;
    if (placeholder !== undefined) pushText(placeholder);
    else if (bold !== undefined) nodes.push({ kind: "bold", children: parseInline(bold) });
    else if (label !== undefined && href !== undefined) nodes.push({ kind: "link", label, href });
    else nodes.push({ kind: "break" });
  }
  pushText(source.slice(index));
  return nodes;
}

/** Every link target in the markup, for authoring-time URL checks. */
export function inlineLinks(nodes: InlineNode[]): string[] {
  return nodes.flatMap((node) =>
    node.kind === "link" ? [node.href] : node.kind === "bold" ? inlineLinks(node.children) : [],
  );
}
