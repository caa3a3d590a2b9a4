import { randomBytes } from "node:crypto";
import { parseBlocksSource } from "./blocks";
import {
  htmlToPlainText,
  renderBlocksWith,
  renderSubject,
  renderTemplate,
  type RenderableTemplate,
  type RenderedEmail,
  type RenderOptions,
  tidyPlainText,
  withPreviewText,
} from "./render";
import { renderHtmlTemplate } from "./html-template";
import { safeUrl, type UrlKind } from "./urls";
import {
  renderBudget,
  renderVariables,
  replacePlaceholders,
  type RenderBudget,
  type Variables,
} from "./variables";

/**
 * Render once, fill per recipient. Rendering blocks through React Email and deriving the text
 * part cost milliseconds per email; automations and campaigns send one template to thousands of
 * contacts. So the template is rendered once with every placeholder replaced by a unique
 * alphanumeric token (which React and html-to-text pass through untouched), and each recipient's
 * email is that output with the tokens replaced by their values — escaped exactly as React
 * escapes text in HTML, raw in the text part. A URL with a placeholder is filled and checked for
 * each recipient like a direct render checks it.
 */
export type CompiledTemplate = {
  render(variables: Variables, options?: { subject?: string }): Promise<RenderedEmail>;
};

// React's escaping for text and attribute values (escapeTextForBrowser).
const REACT_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};
const reactEscape = (value: string) => value.replace(/[&<>"']/g, (c) => REACT_ESCAPES[c]!);

export async function compileTemplate(
  template: RenderableTemplate,
  compileOptions: RenderOptions = {},
): Promise<CompiledTemplate> {
  const previewText = compileOptions.previewText || undefined;
  const { title, lang } = compileOptions;
  const nonce = `mwv${randomBytes(6).toString("hex")}`;
  const placeholders: string[] = [];
  const tokenize = (value: string) =>
    replacePlaceholders(value, (placeholder) => `${nonce}${placeholders.push(placeholder) - 1}x`);
  const subjectOf = (variables: Variables, subject?: string) =>
    renderSubject(subject ?? template.subject, variables);

  if (template.format === "html") {
    // The HTML is filled per recipient (a cheap string pass); only the text part is derived once.
    const text = htmlToPlainText(tokenize(template.source));
    const fillText = textFillerFor(nonce, placeholders);
    return {
      async render(variables, options = {}) {
        return {
          subject: subjectOf(variables, options.subject),
          html: withPreviewText(
            renderHtmlTemplate(template.source, variables),
            previewText && renderVariables(previewText, variables, { escape: "none" }),
          ),
          text: tidyPlainText(fillText(text, variables, renderBudget())),
        };
      },
    };
  }

  // A URL with a placeholder is one token for the whole URL, filled and checked per recipient as
  // a direct render checks it. Where a recipient's value makes a URL unsafe, a direct render
  // drops it (an image disappears, a link keeps its label): that shape is rendered once too, per
  // combination of unsafe URLs, and cached.
  const document = parseBlocksSource(template.source);
  const slots = new Map<string, number>();
  const urls: { template: string; kind: UrlKind }[] = [];
  const slotOf = (kind: UrlKind, value: string) => {
    const key = `${kind} ${value}`;
    if (!slots.has(key)) slots.set(key, urls.push({ template: value, kind }) - 1);
    return slots.get(key)!;
  };
  // React Email pads the preview line to a fixed length, so it is rendered as the recipient
  // sees it: part of the shape (usually one text for everybody).
  const renderShape = async (unsafe: ReadonlySet<number>, preview: string | undefined) => {
    const url = (kind: UrlKind) => (value: string) => {
      if (!value.includes("{{")) return safeUrl(value, kind);
      const slot = slotOf(kind, value);
      return unsafe.has(slot) ? undefined : `${nonce}u${slot}x`;
    };
    const html = await renderBlocksWith(
      document,
      { text: tokenize, link: url("link"), image: url("image") },
      { previewText: preview, title: titleToken, lang },
    );
    return { html, text: htmlToPlainText(html) };
  };
  const previewOf = (variables: Variables) =>
    previewText && renderVariables(previewText, variables, { escape: "none" });
  // The <title> is the recipient's subject (or the filled `title`): one token, filled per render.
  const titleToken = `${nonce}title`;
  const titleOf = (variables: Variables, subject: string) =>
    title ? renderVariables(title, variables, { escape: "none" }) : subject;
  const shapes = new Map<string, Promise<{ html: string; text: string }>>();
  await renderShape(new Set(), previewOf({})); // discovers the URL slots
  const fillHtml = fillerFor(nonce, placeholders, reactEscape);
  const fillText = textFillerFor(nonce, placeholders);
  const urlToken = new RegExp(`${nonce}u(\\d+)x`, "g");
  return {
    async render(variables, options = {}) {
      const filled = urls.map((url) =>
        safeUrl(renderVariables(url.template, variables, { escape: "none" }), url.kind),
      );
      const unsafe = filled.flatMap((value, slot) => (value === undefined ? [slot] : []));
      const preview = previewOf(variables);
      const key = `${unsafe.join(",")}|${preview ?? ""}`;
      if (!shapes.has(key)) {
        if (shapes.size >= 32) {
          const subject = options.subject ?? template.subject;
          return renderTemplate({ ...template, subject }, variables, { previewText, title, lang });
        }
        shapes.set(key, renderShape(new Set(unsafe), preview));
      }
      const shape = await shapes.get(key)!;
      const withUrls = (output: string, escape: (v: string) => string) =>
        output.replace(urlToken, (_m, i: string) => escape(filled[Number(i)] ?? ""));
      const subject = subjectOf(variables, options.subject);
      const html = withUrls(fillHtml(shape.html, variables, renderBudget()), reactEscape);
      return {
        subject,
        // The token occurs once, inside <title>: a function replacement takes the value literally.
        html: html.replace(titleToken, () => reactEscape(titleOf(variables, subject))),
        text: tidyPlainText(withUrls(fillText(shape.text, variables, renderBudget()), (v) => v)),
      };
    },
  };
}

function fillerFor(nonce: string, placeholders: string[], escape: (value: string) => string) {
  const token = new RegExp(`${nonce}(\\d+)x`, "g");
  return (output: string, variables: Variables, budget: RenderBudget) =>
    output.replace(token, (_match, index: string) =>
      escape(valueOf(placeholders, index, variables, budget)),
    );
}

/**
 * The text part: html-to-text collapses the spaces around an empty value (and drops them at the
 * start of a line), so an empty value takes one neighbouring space with it here too.
 */
function textFillerFor(nonce: string, placeholders: string[]) {
  const token = new RegExp(`([ \\t]?)${nonce}(\\d+)x([ \\t]?)`, "g");
  return (output: string, variables: Variables, budget: RenderBudget) =>
    output.replace(token, (_match, before: string, index: string, after: string, at: number) => {
      const value = valueOf(placeholders, index, variables, budget);
      if (value !== "") return before + value + after;
      const lineStart = before === "" && (at === 0 || output[at - 1] === "\n");
      return lineStart ? "" : before || after;
    });
}

function valueOf(
  placeholders: string[],
  index: string,
  variables: Variables,
  budget: RenderBudget,
) {
  return renderVariables(placeholders[Number(index)] ?? "", variables, { escape: "none", budget });
}
