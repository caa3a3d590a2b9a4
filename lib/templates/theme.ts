import type { Theme } from "./blocks";

/** Colors and metrics the block renderer uses; a template's `theme` overrides the colors. */
export type ResolvedTheme = {
  brand: string;
  background: string;
  card: string;
  text: string;
  muted: string;
  border: string;
};

export const DEFAULT_THEME: ResolvedTheme = {
  brand: "#4f46e5",
  background: "#f4f4f5",
  card: "#ffffff",
  text: "#18181b",
  muted: "#71717a",
  border: "#e4e4e7",
};

export function resolveTheme(theme: Theme | undefined): ResolvedTheme {
  return {
    ...DEFAULT_THEME,
    ...(theme?.brandColor && { brand: theme.brandColor }),
    ...(theme?.backgroundColor && { background: theme.backgroundColor }),
    ...(theme?.cardColor && { card: theme.cardColor }),
    ...(theme?.textColor && { text: theme.textColor }),
  };
}

export const FONT_STACK =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Helvetica, Arial, sans-serif';

/** The card is 600px wide with 40px side padding, so blocks get 520px. */
export const CARD_WIDTH = 600;
export const CARD_PADDING_X = 40;
export const CONTENT_WIDTH = CARD_WIDTH - 2 * CARD_PADDING_X;

// Phones: less padding, and columns stack. The breakpoint sits well below the card's 600px, so a
// 600px-wide window (a desktop reading pane) keeps the columns. Clients without media queries
// keep the desktop layout, which still fits because every width is fluid (max-width, not width).
export const NARROW_BREAKPOINT = 480;
// Rules unindented in the email: indentation is bytes to send, and its runs of spaces are what
// keeps a body from being DKIM-canonical as written (lib/core/mime/dkim.ts hashes those as is).
export const RESPONSIVE_CSS = `
@media only screen and (max-width: ${NARROW_BREAKPOINT}px) {
.mw-frame { padding: 12px 8px !important; }
.mw-card { padding: 28px 20px 12px !important; }
.mw-col { display: block !important; width: 100% !important; padding-left: 0 !important; padding-right: 0 !important; }
}
`;
