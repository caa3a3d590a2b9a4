import type { Block, ColumnChildBlock } from "./blocks";
import type { ResolvedTheme } from "./theme";

/**
 * Dark mode for block-built emails. Colors are inline styles (what every client reads), so the
 * dark treatment is a `prefers-color-scheme: dark` stylesheet that overrides them by class with
 * `!important`. Class names are derived from the colors themselves (`mw-fg-7c3aed`), so the
 * stylesheet is computed from the document before rendering and the components need no shared
 * state. A color too dark to read on the dark card is lightened until it reaches WCAG contrast.
 */
export const DARK_PALETTE = {
  background: "#0c0c0e",
  card: "#1c1c1f",
  text: "#ececef",
  muted: "#a1a1aa",
  border: "#3f3f46",
} as const;

// WCAG AA: 4.5 for text, 3 for the edge of a control (a button against the card).
const TEXT_CONTRAST = 4.5;
const CONTROL_CONTRAST = 3;

/** `#abc` and `#AABBCC` as `aabbcc`. */
function normalize(hex: string): string {
  const digits = hex.replace(/^#/, "").toLowerCase();
  return digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits;
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(normalize(hex), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colors, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function mixWithWhite(hex: string, amount: number): string {
  const mixed = channels(hex).map((c) => Math.round(c + (255 - c) * amount));
  return `#${mixed.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/** `color` lightened in steps until it has `min` contrast on the (dark) `background`. */
export function readableOn(color: string, background: string, min = TEXT_CONTRAST): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = mixWithWhite(color, step / 20);
    if (contrastRatio(candidate, background) >= min) return candidate;
  }
  return "#ffffff";
}

/** Class of an element whose text color a block sets itself. */
export const foregroundClass = (color: string) => `mw-fg-${normalize(color)}`;

/** Class of a button with this background and label color. */
export const buttonClass = (background: string, label: string) =>
  `mw-btn-${normalize(background)}-${normalize(label)}`;

function darkButton(background: string, label: string) {
  const fill =
    contrastRatio(background, DARK_PALETTE.card) >= CONTROL_CONTRAST
      ? `#${normalize(background)}`
      : readableOn(background, DARK_PALETTE.card, CONTROL_CONTRAST);
  // The label keeps its color when it still reads on the fill, else white or near-black.
  const text = [label, "#ffffff", "#111113"].find(
    (candidate) => contrastRatio(candidate, fill) >= TEXT_CONTRAST,
  );
  return { fill, text: text ?? "#ffffff" };
}

function* allBlocks(blocks: (Block | ColumnChildBlock)[]): Generator<Block | ColumnChildBlock> {
  for (const block of blocks) {
    yield block;
    if (block.type === "columns")
      for (const column of block.columns) yield* allBlocks(column.blocks);
  }
}

/** The `prefers-color-scheme: dark` stylesheet for a document rendered with `theme`. */
export function darkModeCss(blocks: Block[], theme: ResolvedTheme): string {
  const { background, card, text, muted, border } = DARK_PALETTE;
  const rules = [
    `.mw-outer { background-color: ${background} !important; }`,
    `.mw-container { background-color: ${card} !important; }`,
    `.mw-text { color: ${text} !important; }`,
    `.mw-muted { color: ${muted} !important; }`,
    `.mw-border { border-top-color: ${border} !important; }`,
    `.mw-link { color: ${readableOn(theme.brand, card)} !important; }`,
  ];
  const seen = new Set<string>();
  const add = (selector: string, declarations: string) => {
    if (seen.has(selector)) return;
    seen.add(selector);
    rules.push(`.${selector} { ${declarations} }`);
  };
  for (const block of allBlocks(blocks)) {
    if ((block.type === "heading" || block.type === "text") && block.color) {
      add(foregroundClass(block.color), `color: ${readableOn(block.color, card)} !important;`);
    }
    if (block.type === "button") {
      const background = block.color ?? theme.brand;
      const label = block.textColor ?? "#ffffff";
      const dark = darkButton(background, label);
      add(
        buttonClass(background, label),
        `background-color: ${dark.fill} !important; color: ${dark.text} !important;`,
      );
    }
  }
  return `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
${rules.join("\n")}
}
`;
}
