import { z } from "zod";
import { ValidationError } from "@/lib/core/errors";
import { toDetails } from "@/lib/core/validation";
import { inlineLinks, parseInline } from "./inline";
import { isAllowedTemplateUrl, URL_RULE_MESSAGE, type UrlKind } from "./urls";

/**
 * The `blocks` template format (DECISIONS §4): `source` is a JSON string
 * `{"blocks":[…],"theme":{…}}`. Optional fields have no zod defaults, so a parsed document is the
 * stored document; the renderer owns the defaults.
 */
const str = (max: number) =>
  z.string({ error: "must be a string" }).max(max, `must be at most ${max} characters`);

const Url = (kind: UrlKind) =>
  str(2048).refine((v) => isAllowedTemplateUrl(v, kind), { message: URL_RULE_MESSAGE[kind] });

export const Align = z.enum(["left", "center", "right"], {
  error: "must be left, center or right",
});
export const HexColor = z
  .string({ error: "must be a string" })
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "must be a hex color like #4f46e5");

const int = (min: number, max: number) =>
  z
    .number({ error: "must be a number" })
    .int("must be an integer")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

// Optional stable id, so an editor can key its list; ignored by the renderer.
const BlockId = str(64).optional();

/**
 * On blocks with links (text, button, image): `false` renders their anchors with
 * `data-mw-no-track`, so delivery never rewrites them for click tracking (a password-reset or
 * sign-in link should reach the reader as written). Absent means tracked, as the domain decides.
 */
const Track = z.boolean({ error: "must be true or false" }).optional();

export const HeadingBlock = z.object({
  type: z.literal("heading"),
  id: BlockId,
  text: str(500),
  level: z.literal([1, 2, 3], { error: "must be 1, 2 or 3" }).optional(),
  align: Align.optional(),
  color: HexColor.optional(),
});

export const TextBlock = z.object({
  type: z.literal("text"),
  id: BlockId,
  /** Supports **bold**, [label](url) and line breaks. */
  text: str(20_000).superRefine((text, issue) => {
    for (const href of inlineLinks(parseInline(text))) {
      if (!isAllowedTemplateUrl(href, "link")) {
        issue.addIssue({ code: "custom", message: `link "${href}" ${URL_RULE_MESSAGE.link}` });
      }
    }
  }),
  align: Align.optional(),
  size: z
    .enum(["small", "normal", "large"], { error: "must be small, normal or large" })
    .optional(),
  color: HexColor.optional(),
  track: Track,
});

export const ButtonBlock = z.object({
  type: z.literal("button"),
  id: BlockId,
  label: str(200).trim().min(1, "must not be empty"),
  href: Url("link"),
  align: Align.optional(),
  /** Background; defaults to the theme's brand color. */
  color: HexColor.optional(),
  textColor: HexColor.optional(),
  track: Track,
});

export const ImageBlock = z.object({
  type: z.literal("image"),
  id: BlockId,
  src: Url("image"),
  alt: str(500).optional(),
  /** Display width in pixels; defaults to the full content width. */
  width: int(1, 600).optional(),
  href: Url("link").optional(),
  align: Align.optional(),
  track: Track,
});

export const DividerBlock = z.object({
  type: z.literal("divider"),
  id: BlockId,
  color: HexColor.optional(),
});

export const SpacerBlock = z.object({
  type: z.literal("spacer"),
  id: BlockId,
  height: int(4, 200).optional(),
});

const blockTypeError = (types: string) => ({
  error: (issue: { code: string }) =>
    issue.code === "invalid_union" ? `must be one of: ${types}` : undefined,
});

/** Blocks allowed inside a column: everything but columns (no nesting). */
export const ColumnChildBlock = z.discriminatedUnion(
  "type",
  [HeadingBlock, TextBlock, ButtonBlock, ImageBlock, DividerBlock, SpacerBlock],
  blockTypeError("heading, text, button, image, divider, spacer"),
);

export const Column = z.object({
  blocks: z.array(ColumnChildBlock, { error: "must be an array of blocks" }).max(50),
  /** Percentage of the row; columns without one share what is left. */
  width: int(10, 90).optional(),
});

export const ColumnsBlock = z.object({
  type: z.literal("columns"),
  id: BlockId,
  columns: z
    .array(Column, { error: "must be an array of columns" })
    .min(2, "must have 2 or 3 columns")
    .max(3, "must have 2 or 3 columns")
    .refine(
      (cols) => cols.reduce((sum, c) => sum + (c.width ?? 10), 0) <= 100,
      "column widths must add up to at most 100",
    ),
  /** On narrow screens columns stack; `false` keeps them side by side (label/amount rows). */
  stack: z.boolean({ error: "must be true or false" }).optional(),
});

export const Block = z.discriminatedUnion(
  "type",
  [HeadingBlock, TextBlock, ButtonBlock, ImageBlock, DividerBlock, SpacerBlock, ColumnsBlock],
  blockTypeError("heading, text, button, image, divider, spacer, columns"),
);

export const Theme = z.object({
  brandColor: HexColor.optional(),
  backgroundColor: HexColor.optional(),
  /** The content card's background. */
  cardColor: HexColor.optional(),
  textColor: HexColor.optional(),
});

export const BlocksDocument = z.object(
  {
    blocks: z
      .array(Block, { error: "must be an array of blocks" })
      .max(200, "must have at most 200 blocks"),
    theme: Theme.optional(),
  },
  { error: 'must be a JSON object like {"blocks":[…]}' },
);

export type Block = z.infer<typeof Block>;
export type ColumnChildBlock = z.infer<typeof ColumnChildBlock>;
export type BlocksDocument = z.infer<typeof BlocksDocument>;
export type Theme = z.infer<typeof Theme>;
export type BlockType = Block["type"];

export const EMPTY_BLOCKS_SOURCE = JSON.stringify({ blocks: [] });

export function serializeBlocks(document: BlocksDocument): string {
  return JSON.stringify(document);
}

/**
 * Parses a `blocks` source string. Failures are one 422 whose details point into the document,
 * prefixed with `path` (e.g. `source.blocks.2.href`).
 */
export function parseBlocksSource(source: string, path = "source"): BlocksDocument {
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch {
    const message = 'must be valid JSON like {"blocks":[…]}';
    throw new ValidationError(`${path}: ${message}`, [{ path, message }]);
  }
  const result = BlocksDocument.safeParse(json);
  if (result.success) return result.data;
  const details = toDetails(result.error.issues).map((d) => ({
    path: d.path === "body" ? path : `${path}.${d.path}`,
    message: d.message,
  }));
  const first = details[0]!;
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
  throw new ValidationError(`${first.path}: ${first.message}${more}`, details);
}
