import type { ErrorDetail } from "@/lib/core/errors";
import { findActiveContent, type ActiveContentKind } from "@/lib/core/html/active-content";
import {
  Block,
  BlocksDocument,
  ColumnChildBlock,
  HexColor,
  type BlocksDocument as Document,
  type Theme,
} from "@/lib/templates/blocks";

/**
 * Validation problems of the template editor, placed where the editor shows them. Client checks
 * (the same zod schemas the server uses) and the server's 422 details both go through here, so
 * `source.blocks.2.href` lands under the href field of the third block either way.
 */
export type EditorIssues = {
  /** name, subject, category, format */
  header: Record<string, string>;
  /** Per block id, per field (`href`, `text`, `columns.1.width`, `block` for the whole block). */
  blocks: Record<string, Record<string, string>>;
  theme: Record<string, string>;
  /** Problems with no field to sit on (e.g. a source that is not JSON). */
  general: string[];
};

export const NO_ISSUES: EditorIssues = { header: {}, blocks: {}, theme: {}, general: [] };

/** "must be a hex color" → "Must be a hex color." */
export function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

const HEADER_FIELDS: ReadonlySet<string> = new Set(["name", "subject", "category", "format"]);

export function placeIssues(document: Document, details: readonly ErrorDetail[]): EditorIssues {
  const issues: EditorIssues = { header: {}, blocks: {}, theme: {}, general: [] };
  const put = (target: Record<string, string>, key: string, message: string) => {
    target[key] ??= sentence(message);
  };
  for (const { path, message } of details) {
    if (HEADER_FIELDS.has(path)) {
      put(issues.header, path, message);
      continue;
    }
    const segments = path.startsWith("source.") ? path.slice("source.".length).split(".") : [];
    const placed =
      segments[0] === "blocks" && placeBlockIssue(document, segments, message, put, issues);
    if (placed) continue;
    if (segments[0] === "theme" && segments[1]) {
      put(issues.theme, segments[1], message);
      continue;
    }
    issues.general.push(`${path}: ${message}`);
  }
  return issues;
}

function placeBlockIssue(
  document: Document,
  segments: string[],
  message: string,
  put: (target: Record<string, string>, key: string, message: string) => void,
  issues: EditorIssues,
): boolean {
  const block = document.blocks[Number(segments[1])];
  if (!block?.id) return false;
  let id = block.id;
  let field = segments.slice(2).join(".");
  // A column child: blocks.<i>.columns.<c>.blocks.<j>.<field>
  if (block.type === "columns" && segments[2] === "columns" && segments[4] === "blocks") {
    const child = block.columns[Number(segments[3])]?.blocks[Number(segments[5])];
    if (child?.id) {
      id = child.id;
      field = segments.slice(6).join(".");
    }
  }
  put((issues.blocks[id] ??= {}), field || "block", message);
  return true;
}

/** The same checks the server runs on save, as 422-style details with `source.` paths. */
export function validateDocument(document: Document): ErrorDetail[] {
  const result = BlocksDocument.safeParse(document);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: ["source", ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
}

/**
 * What the live preview renders while some fields are invalid: the valid blocks and theme
 * colors only, so one half-typed URL does not freeze the whole preview.
 */
export function previewableDocument(document: Document): Document {
  const blocks: Block[] = [];
  for (const block of document.blocks) {
    if (block.type === "columns") {
      const columns = block.columns.map((c) => ({
        ...c,
        blocks: c.blocks.filter((child) => ColumnChildBlock.safeParse(child).success),
      }));
      const candidate = { ...block, columns };
      if (Block.safeParse(candidate).success) blocks.push(candidate);
    } else if (Block.safeParse(block).success) {
      blocks.push(block);
    }
  }
  const theme: Theme = {};
  for (const [key, value] of Object.entries(document.theme ?? {})) {
    if (HexColor.safeParse(value).success) theme[key as keyof Theme] = value;
  }
  return { blocks, theme };
}

export function issueCount(issues: EditorIssues): number {
  return (
    Object.keys(issues.header).length +
    Object.values(issues.blocks).reduce((n, fields) => n + Object.keys(fields).length, 0) +
    Object.keys(issues.theme).length +
    issues.general.length
  );
}

/**
 * What the HTML editor warns about before save (issue 21): scripts, event handlers and
 * javascript: links, which no email client runs. The template still saves; every send removes
 * them (lib/core/html/active-content.ts). One sentence per kind, with the lines they are on.
 */
export function scriptWarnings(html: string): string[] {
  const found = findActiveContent(html);
  if (found.length === 0) return [];
  const byKind = new Map<ActiveContentKind, { names: Set<string>; lines: number[] }>();
  let line = 1;
  let counted = 0;
  for (const item of found) {
    for (let i = html.indexOf("\n", counted); i !== -1 && i < item.start;) {
      line++;
      i = html.indexOf("\n", i + 1);
    }
    counted = item.start;
    const entry = byKind.get(item.kind) ?? { names: new Set(), lines: [] };
    entry.names.add(item.kind === "event_handler" ? item.name : `<${item.tag}>`);
    if (entry.lines.at(-1) !== line) entry.lines.push(line);
    byKind.set(item.kind, entry);
  }
  const where = (at: number[]) =>
    at.length === 1
      ? `line ${at[0]}`
      : `lines ${at.slice(0, 5).join(", ")}${at.length > 5 ? ` and ${at.length - 5} more` : ""}`;
  const warnings: string[] = [];
  const scripts = byKind.get("script");
  if (scripts)
    warnings.push(
      `<script> (${where(scripts.lines)}): email clients remove scripts, so this won't run. Mailwright takes it out of every email it sends.`,
    );
  const handlers = byKind.get("event_handler");
  if (handlers)
    warnings.push(
      `${[...handlers.names].slice(0, 3).join(", ")}${handlers.names.size > 3 ? "…" : ""} (${where(handlers.lines)}): email clients ignore event handlers, so this won't run. Mailwright takes it out of every email it sends.`,
    );
  const urls = byKind.get("script_url");
  if (urls)
    warnings.push(
      `javascript: link (${where(urls.lines)}): email clients block these links. Mailwright takes it out of every email it sends; link to an https:// address instead.`,
    );
  return warnings;
}
