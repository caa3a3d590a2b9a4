import { randomBytes } from "node:crypto";
import { parseBlocksSource } from "./blocks";
import {
  htmlToPlainText,
  renderBlocksWith,
  renderSubject,
  renderTemplate,
  type RenderableTemplate,
  type RenderedEmail,
  tidyPlainText,
} from "./render";
import { safeUrl } from "./urls";
import { renderVariables, replacePlaceholders, type Variables } from "./variables";

/**
 * Render once, fill per recipient. Rendering blocks through React Email and deriving the text
 * part cost milliseconds per email; automations and campaigns send one template to thousands of
 * contacts. So the template is rendered once with every placeholder replaced by a unique
 * alphanumeric token (which React and html-to-text pass through untouched), and each recipient's
 * email is that output with the tokens replaced by their values — escaped exactly as React
 * escapes text in HTML, raw in the text part. A template with a placeholder inside a link or
 * image URL is rendered per recipient instead, so the filled URL is checked as usual.
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

export async function compileTemplate(template: RenderableTemplate): Promise<CompiledTemplate> {
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
          html: renderVariables(template.source, variables, { escape: "html" }),
          text: tidyPlainText(fillText(text, variables)),
        };
      },
    };
  }

  let dynamicUrls = false;
  const html = await renderBlocksWith(parseBlocksSource(template.source), {
    text: tokenize,
    link: (value) => {
      dynamicUrls ||= value.includes("{{");
      return safeUrl(value, "link");
    },
    image: (value) => {
      dynamicUrls ||= value.includes("{{");
      return safeUrl(value, "image");
    },
  });
  if (dynamicUrls) {
    return {
      render: (variables, options = {}) =>
        renderTemplate({ ...template, subject: options.subject ?? template.subject }, variables),
    };
  }
  const text = htmlToPlainText(html);
  const fillHtml = fillerFor(nonce, placeholders, reactEscape);
  const fillText = textFillerFor(nonce, placeholders);
  return {
    async render(variables, options = {}) {
      return {
        subject: subjectOf(variables, options.subject),
        html: fillHtml(html, variables),
        text: tidyPlainText(fillText(text, variables)),
      };
    },
  };
}

function fillerFor(nonce: string, placeholders: string[], escape: (value: string) => string) {
  const token = new RegExp(`${nonce}(\\d+)x`, "g");
  return (output: string, variables: Variables) =>
    output.replace(token, (_match, index: string) =>
      escape(valueOf(placeholders, index, variables)),
    );
}

/**
 * The text part: html-to-text collapses the spaces around an empty value (and drops them at the
 * start of a line), so an empty value takes one neighbouring space with it here too.
 */
function textFillerFor(nonce: string, placeholders: string[]) {
  const token = new RegExp(`([ \\t]?)${nonce}(\\d+)x([ \\t]?)`, "g");
  return (output: string, variables: Variables) =>
    output.replace(token, (_match, before: string, index: string, after: string, at: number) => {
      const value = valueOf(placeholders, index, variables);
      if (value !== "") return before + value + after;
      const lineStart = before === "" && (at === 0 || output[at - 1] === "\n");
      return lineStart ? "" : before || after;
    });
}

function valueOf(placeholders: string[], index: string, variables: Variables) {
  return renderVariables(placeholders[Number(index)] ?? "", variables, { escape: "none" });
}
