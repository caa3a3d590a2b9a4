import { pretty } from "@react-email/render";
import type { BlocksDocument } from "@/lib/templates/blocks";
import { renderBlocksDocument } from "@/lib/templates/render";

const PLACEHOLDER = /\{\{[^{}]*\}\}/g;

/** A stand-in that survives rendering anywhere: as text, and as a link or image URL. */
const token = (n: number) => `https://mwvar${n}.invalid`;
const TOKEN = /https:\/\/mwvar(\d+)\.invalid/g;

function replaceStrings<T>(value: T, replace: (text: string) => string): T {
  if (typeof value === "string") return replace(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => replaceStrings(v, replace)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, replaceStrings(v, replace)]),
    ) as T;
  }
  return value;
}

/**
 * Converts a blocks document to an equivalent `html` source (the editor's one-way "switch to
 * HTML"). Rendering would fill `{{variables}}` in, so each placeholder is swapped for a token
 * first and put back verbatim afterwards: the HTML template keeps its variables and fallbacks.
 */
export async function blocksToHtmlSource(document: BlocksDocument): Promise<string> {
  const originals: string[] = [];
  const tokenized = {
    ...document,
    blocks: replaceStrings(document.blocks, (text) =>
      text.replace(PLACEHOLDER, (placeholder) => token(originals.push(placeholder) - 1)),
    ),
  };
  // Indented, so the code editor shows something a person can read and edit.
  const html = await pretty(await renderBlocksDocument(tokenized, {}), { printWidth: 100 });
  return html.replace(TOKEN, (match, n: string) => originals[Number(n)] ?? match);
}
