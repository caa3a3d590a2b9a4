import { Column, Container, Head, Html, Preview, Row } from "@react-email/components";
import { plainTextSelectors, render } from "@react-email/render";
import { compile } from "html-to-text";
import { htmlNestingDepth, MAX_HTML_DEPTH } from "@/lib/core/html/depth";
import { parseBlocksSource, type BlocksDocument } from "./blocks";
import { BlockView, type Filler } from "./email-blocks";
import {
  CARD_PADDING_X,
  CARD_WIDTH,
  CONTENT_WIDTH,
  FONT_STACK,
  RESPONSIVE_CSS,
  resolveTheme,
} from "./theme";
import { darkModeCss } from "./dark-mode";
import { renderHtmlTemplate } from "./html-template";
import { safeUrl } from "./urls";
import { escapeHtml } from "@/lib/core/html/entities";
import type { TemplateFormat } from "./schemas";
import { renderBudget, renderVariables, type Variables } from "./variables";

export type RenderableTemplate = { subject: string; source: string; format: TemplateFormat };
/**
 * `previewText` and `title` may hold placeholders. `title` (the HTML <title>, which some clients
 * and browsers show) defaults to the rendered subject; `lang` (the <html> language) to "en".
 * Both apply to block-built emails: a hand-written HTML template keeps its own <html> and <title>.
 */
export type RenderOptions = {
  previewText?: string;
  title?: string;
  lang?: string;
  /** The dashboard editor's preview only: blocks carry their ids (lib/templates/editor-markers.ts). */
  markBlocks?: boolean;
};

/** What the block renderer puts in <head> and on <html>, already filled (no title: no <title>). */
type DocumentOptions = {
  previewText?: string;
  title?: string;
  lang?: string;
  markBlocks?: boolean;
};
export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * Renders a stored template with variables into a ready-to-send email. `blocks` sources become
 * responsive email HTML through React Email (variables are filled into each block string first,
 * and React escapes them); `html` sources get variables filled with HTML escaping. Throws a
 * ValidationError (422) when a blocks source is invalid.
 */
export async function renderTemplate(
  template: RenderableTemplate,
  variables: Variables = {},
  options: RenderOptions = {},
): Promise<RenderedEmail> {
  const subject = renderSubject(template.subject, variables);
  const previewText = options.previewText
    ? renderVariables(options.previewText, variables, { escape: "none" })
    : undefined;
  if (template.format === "html") {
    const html = withPreviewText(renderHtmlTemplate(template.source, variables), previewText);
    return { subject, html, text: htmlToPlainText(html) };
  }
  const document = parseBlocksSource(template.source);
  const title = options.title
    ? renderVariables(options.title, variables, { escape: "none" })
    : subject;
  const html = await renderBlocksWith(document, makeFiller(variables), {
    previewText,
    title,
    lang: options.lang,
    markBlocks: options.markBlocks,
  });
  return { subject, html, text: htmlToPlainText(html) };
}

/** Subjects are headers: raw values (no HTML escaping) and never a line break. */
export function renderSubject(subject: string, variables: Variables = {}): string {
  return tidySubject(renderVariables(subject, variables, { escape: "none" }));
}

/** A filled subject as a header takes it: line breaks become spaces, no outer spaces. */
export function tidySubject(filled: string): string {
  return filled.replace(/[\r\n]+/g, " ").trim();
}

function makeFiller(variables: Variables): Filler {
  const budget = renderBudget(); // one for the whole document
  const fillRaw = (value: string) => renderVariables(value, variables, { escape: "none", budget });
  return {
    text: fillRaw,
    link: (value) => safeUrl(fillRaw(value), "link"),
    image: (value) => safeUrl(fillRaw(value), "image"),
  };
}

/** Renders an already-parsed document (the dashboard editor previews unsaved changes with it). */
export async function renderBlocksDocument(
  document: BlocksDocument,
  variables: Variables = {},
  options: RenderOptions = {},
): Promise<string> {
  const fill = (value: string | undefined) =>
    value ? renderVariables(value, variables, { escape: "none" }) : undefined;
  return renderBlocksWith(document, makeFiller(variables), {
    previewText: fill(options.previewText),
    title: fill(options.title),
    lang: options.lang,
  });
}

/** Renders a document with a given way of filling its strings (compiled.ts fills placeholders later). */
export async function renderBlocksWith(
  document: BlocksDocument,
  fill: Filler,
  options: DocumentOptions,
): Promise<string> {
  const theme = resolveTheme(document.theme);
  const css = RESPONSIVE_CSS + darkModeCss(document.blocks, theme);
  const email = (
    <Html lang={options.lang || "en"} dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        {options.title === undefined ? null : <title>{options.title}</title>}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </Head>
      {/* Not React Email's Body: it copies the body's style onto an inner cell without the
          class, and that cell's inline background would stay light in dark mode. */}
      <body
        className="mw-outer"
        style={{ backgroundColor: theme.background, margin: 0, padding: 0 }}
      >
        {options.previewText ? <Preview>{options.previewText}</Preview> : null}
        <Row>
          <Column
            className="mw-outer mw-frame"
            style={{
              backgroundColor: theme.background,
              padding: "32px 12px",
              fontFamily: FONT_STACK,
              WebkitFontSmoothing: "antialiased",
            }}
          >
            <Container
              className="mw-container"
              style={{
                maxWidth: `${CARD_WIDTH}px`,
                backgroundColor: theme.card,
                borderRadius: "12px",
                fontFamily: FONT_STACK,
                color: theme.text,
              }}
            >
              <Row>
                <Column className="mw-card" style={{ padding: `40px ${CARD_PADDING_X}px 24px` }}>
                  {document.blocks.map((block, i) => (
                    <BlockView
                      key={i}
                      block={block}
                      theme={theme}
                      fill={fill}
                      width={CONTENT_WIDTH}
                      marked={options.markBlocks}
                    />
                  ))}
                </Column>
              </Row>
            </Container>
          </Column>
        </Row>
      </body>
    </Html>
  );
  return render(email);
}

const HEADINGS_AS_WRITTEN = ["h1", "h2", "h3", "h4"].map((selector) => ({
  selector,
  options: { uppercase: false },
}));

/**
 * React Email's html-to-text settings (its `toPlainText`), compiled once: `toPlainText` compiles
 * them again on every call, which was 14 % of a delivery worker's CPU (emails sent without a
 * text part get one at delivery). A compiled converter is a pure function.
 */
const convertToPlainText = compile({
  wordwrap: false,
  selectors: [...plainTextSelectors, ...HEADINGS_AS_WRITTEN],
});

/**
 * Plain-text alternative: React Email's html-to-text settings, headings not shouted. HTML nested
 * deeper than MAX_HTML_DEPTH gets no text part: its parser would take seconds (lib/core/html/depth).
 * The API refuses such HTML; this guards what was stored before it did.
 */
export function htmlToPlainText(html: string): string {
  if (htmlNestingDepth(html) > MAX_HTML_DEPTH) return "";
  return tidyPlainText(convertToPlainText(html));
}

/** Whitespace clean-up of a text part (also after filling values into a compiled one). */
export function tidyPlainText(text: string): string {
  const lines = text.replace(/[\u00a0\u200b-\u200f\u034f\ufeff]+/g, " ").split("\n");
  // Spaces before a line break go. A loop, not /[ \t]+\n/g: that expression restarts at every
  // space of a long run that no line break ends (a <pre> of spaces), which is quadratic.
  for (let i = 0; i < lines.length - 1; i++) lines[i] = withoutTrailingBlanks(lines[i]!);
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function withoutTrailingBlanks(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === " " || line[end - 1] === "\t")) end--;
  return end === line.length ? line : line.slice(0, end);
}

/** Puts a hidden preview line right after <body> of a hand-written HTML template. */
export function withPreviewText(html: string, previewText: string | undefined): string {
  if (!previewText) return html;
  const hidden = `<div style="display:none;overflow:hidden;line-height:1px;opacity:0;max-height:0;max-width:0" data-skip-in-text="true">${escapeHtml(previewText)}</div>`;
  // The first `<body…>`; found with indexOf because /<body[^>]*>/ rescans to the end for every
  // `<body` when no `>` follows (quadratic).
  const body = html.toLowerCase().indexOf("<body");
  const close = body === -1 ? -1 : html.indexOf(">", body + 5);
  if (close === -1) return hidden + html;
  return html.slice(0, close + 1) + hidden + html.slice(close + 1);
}
