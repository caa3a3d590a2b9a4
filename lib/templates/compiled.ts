import { randomBytes } from "node:crypto";
import { parseBlocksSource } from "./blocks";
import {
  htmlToPlainText,
  renderBlocksWith,
  tidySubject,
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
  compileVariables,
  fillPlaceholder,
  findPlaceholders,
  renderBudget,
  replacePlaceholders,
  type Placeholder,
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
  /**
   * `subject`: the subject template (the template's own when not given); `renderedSubject`: a
   * subject rendered already (an email rendered again from its stored content, lib/emails/body.ts).
   */
  render(variables: Variables, options?: RenderCallOptions): Promise<RenderedEmail>;
  /**
   * The variable paths the body can read (`data.plan`, `first_name`): the values an email must
   * keep to be rendered again exactly (not the subject's, which is stored rendered).
   */
  variablePaths(): string[];
};
type RenderCallOptions = { subject?: string; renderedSubject?: string };

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
  // Subjects (the template's, an A/B variant's), the preview line and the title are filled for
  // every recipient: their placeholders are found once (a few subjects per template; more are
  // rendered without keeping them).
  const subjects = new Map<string, (variables: Variables) => string>();
  const subjectOf = (variables: Variables, options: RenderCallOptions) => {
    if (options.renderedSubject !== undefined) return options.renderedSubject;
    const subject = options.subject ?? template.subject;
    let fill = subjects.get(subject);
    if (!fill) {
      const filler = compileVariables(subject);
      fill = (values) => tidySubject(filler(values, { escape: "none" }));
      if (subjects.size < 16) subjects.set(subject, fill);
    }
    return fill(variables);
  };
  const previewFiller = previewText ? compileVariables(previewText) : undefined;
  const previewOf = (variables: Variables) => previewFiller?.(variables, { escape: "none" });
  // Every text the body fills (the raw source too: a superset is safe, a path missed is not).
  // Scanned once: every shape tokenizes the same texts, and the first found every URL.
  let paths: string[] | undefined;
  const pathsOf = (...texts: (string | undefined)[]) => {
    if (paths) return paths;
    const found = new Set<string>();
    for (const text of [template.source, previewText, title, ...placeholders, ...texts])
      for (const placeholder of findPlaceholders(text ?? "")) found.add(placeholder.path);
    return (paths = [...found]);
  };

  if (template.format === "html") {
    // The HTML is filled per recipient (a cheap string pass); only the text part is derived once.
    const text = textPlan(htmlToPlainText(tokenize(template.source)), nonce);
    const parsed = parsedPlaceholders(placeholders);
    return {
      async render(variables, options = {}) {
        const budget = renderBudget();
        return {
          subject: subjectOf(variables, options),
          html: withPreviewText(
            renderHtmlTemplate(template.source, variables),
            previewOf(variables),
          ),
          text: tidyPlainText(fillPlan(text, (slot) => textValue(slot, parsed, variables, budget))),
        };
      },
      variablePaths: () => pathsOf(),
    };
  }

  // A URL with a placeholder is one token for the whole URL, filled and checked per recipient as
  // a direct render checks it. Where a recipient's value makes a URL unsafe, a direct render
  // drops it (an image disappears, a link keeps its label): that shape is rendered once too, per
  // combination of unsafe URLs, and cached.
  const document = parseBlocksSource(template.source);
  const slots = new Map<string, number>();
  const urls: { template: string; kind: UrlKind }[] = [];
  const urlFillers: ReturnType<typeof compileVariables>[] = [];
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
    return { html: htmlPlan(html, nonce), text: textPlan(htmlToPlainText(html), nonce) };
  };
  // The <title> is the recipient's subject (or the filled `title`): one token, filled per render.
  const titleToken = `${nonce}title`;
  const titleFiller = title ? compileVariables(title) : undefined;
  const titleOf = (variables: Variables, subject: string) =>
    titleFiller ? titleFiller(variables, { escape: "none" }) : subject;
  const shapes = new Map<string, Promise<{ html: FillPlan; text: FillPlan }>>();
  await renderShape(new Set(), previewOf({})); // discovers the URL slots
  const parsed = parsedPlaceholders(placeholders);
  return {
    async render(variables, options = {}) {
      const filled = urls.map((url, slot) =>
        safeUrl(
          (urlFillers[slot] ??= compileVariables(url.template))(variables, { escape: "none" }),
          url.kind,
        ),
      );
      const unsafe = filled.flatMap((value, slot) => (value === undefined ? [slot] : []));
      const preview = previewOf(variables);
      const key = `${unsafe.join(",")}|${preview ?? ""}`;
      if (!shapes.has(key)) {
        if (shapes.size >= 32) {
          // (A rendered subject is rendered again here: it only differs where a value holds
          // placeholder syntax, in the <title> of a template with 32 shapes of unsafe URLs.)
          const subject = options.renderedSubject ?? options.subject ?? template.subject;
          return renderTemplate({ ...template, subject }, variables, { previewText, title, lang });
        }
        shapes.set(key, renderShape(new Set(unsafe), preview));
      }
      const shape = await shapes.get(key)!;
      const subject = subjectOf(variables, options);
      const htmlBudget = renderBudget();
      const textBudget = renderBudget();
      const html = fillPlan(shape.html, (slot) =>
        slot.kind === "title"
          ? reactEscape(titleOf(variables, subject))
          : slot.kind === "url"
            ? reactEscape(filled[slot.index] ?? "")
            : reactEscape(fillPlaceholder(parsed(slot.index), variables, "none", htmlBudget)),
      );
      const text = fillPlan(shape.text, (slot) =>
        slot.kind === "url"
          ? (filled[slot.index] ?? "")
          : textValue(slot, parsed, variables, textBudget),
      );
      return { subject, html, text: tidyPlainText(text) };
    },
    variablePaths: () => pathsOf(...urls.map((url) => url.template)),
  };
}

/**
 * A rendered shape cut at its tokens once, so each recipient's email is its literal pieces joined
 * with their values: no scan of the whole output per recipient (a newsletter is ~20 KiB).
 */
type Slot =
  | { kind: "value"; index: number; before: string; after: string; lineStart: boolean }
  | { kind: "url"; index: number }
  | { kind: "title" };
type FillPlan = { literals: string[]; slots: Slot[] };

function planOf(output: string, token: RegExp, slotOf: (match: RegExpExecArray) => Slot): FillPlan {
  const literals: string[] = [];
  const slots: Slot[] = [];
  let copied = 0;
  for (const match of output.matchAll(token)) {
    literals.push(output.slice(copied, match.index));
    slots.push(slotOf(match));
    copied = match.index + match[0].length;
  }
  literals.push(output.slice(copied));
  return { literals, slots };
}

/** The HTML: placeholder values, URLs and the <title>, each escaped as React escapes text. */
function htmlPlan(html: string, nonce: string): FillPlan {
  return planOf(html, new RegExp(`${nonce}(?:(\\d+)x|u(\\d+)x|title)`, "g"), (m) =>
    m[1] !== undefined
      ? { kind: "value", index: Number(m[1]), before: "", after: "", lineStart: false }
      : m[2] !== undefined
        ? { kind: "url", index: Number(m[2]) }
        : { kind: "title" },
  );
}

/**
 * The text part: html-to-text collapses the spaces around an empty value (and drops them at the
 * start of a line), so an empty value takes one neighbouring space with it here too.
 */
function textPlan(text: string, nonce: string): FillPlan {
  return planOf(text, new RegExp(`([ \\t]?)${nonce}(\\d+)x([ \\t]?)|${nonce}u(\\d+)x`, "g"), (m) =>
    m[2] !== undefined
      ? {
          kind: "value",
          index: Number(m[2]),
          before: m[1]!,
          after: m[3]!,
          lineStart: m[1] === "" && (m.index === 0 || text[m.index - 1] === "\n"),
        }
      : { kind: "url", index: Number(m[4]) },
  );
}

function fillPlan(plan: FillPlan, valueOf: (slot: Slot) => string): string {
  let output = plan.literals[0]!;
  for (let i = 0; i < plan.slots.length; i++)
    output += valueOf(plan.slots[i]!) + plan.literals[i + 1]!;
  return output;
}

/** A placeholder's value in the text part, with the neighbouring spaces it keeps. */
function textValue(
  slot: Slot,
  placeholders: (index: number) => Placeholder,
  variables: Variables,
  budget: RenderBudget,
) {
  if (slot.kind !== "value") return "";
  const value = fillPlaceholder(placeholders(slot.index), variables, "none", budget);
  if (value !== "") return slot.before + value + slot.after;
  return slot.lineStart ? "" : slot.before || slot.after;
}

/**
 * Each tokenized placeholder's text (one placeholder, fallback included), parsed when first
 * filled: a shape rendered later tokenizes its text again, adding entries.
 */
function parsedPlaceholders(texts: string[]): (index: number) => Placeholder {
  const parsed: Placeholder[] = [];
  return (index) => {
    const text = texts[index] ?? "";
    parsed[index] ??= { ...[...findPlaceholders(text)][0]!, start: 0, end: text.length };
    return parsed[index];
  };
}
