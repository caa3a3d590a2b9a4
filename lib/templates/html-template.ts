import { decodeEntities } from "@/lib/core/html/entities";
import { startTags } from "@/lib/core/html/tags";
import { safeUrl, type UrlKind } from "./urls";
import {
  fillPlaceholder,
  findPlaceholders,
  renderBudget,
  type RenderBudget,
  type Variables,
} from "./variables";

// Attributes whose value a browser follows or loads, and the URL rules (urls.ts) each one gets.
const URL_ATTRIBUTES: Record<string, UrlKind> = {
  href: "link",
  "xlink:href": "link",
  action: "link",
  formaction: "link",
  src: "image",
  background: "image",
  poster: "image",
};

/**
 * Fills an `html` template: values HTML-escaped (DECISIONS §4), and a URL attribute that holds a
 * placeholder checked after filling with the rules blocks templates use (urls.ts `safeUrl`): when
 * the URL is not http(s) (links also mailto:/tel:), the attribute is dropped, so
 * `href="{{url}}"` can never become `javascript:…`. URLs written out in full are left as written.
 *
 * The tags are read with each placeholder masked as one letter, so a quote or `>` inside a
 * fallback cannot change where an attribute ends; the output has the same structure because
 * values are escaped. A URL attribute written unquoted is written back quoted, since a value
 * with a space would otherwise end it early and start another attribute.
 */
export function renderHtmlTemplate(
  source: string,
  variables: Variables,
  budget: RenderBudget = renderBudget(),
): string {
  const placeholders = [...findPlaceholders(source)];
  if (placeholders.length === 0) return source;
  const values = placeholders.map((p) => fillPlaceholder(p, variables, "html", budget));
  const masks: number[] = []; // where each placeholder's letter is in `masked`, ascending
  let masked = "";
  let copied = 0;
  for (const placeholder of placeholders) {
    masked += source.slice(copied, placeholder.start);
    masks.push(masked.length);
    masked += "x";
    copied = placeholder.end;
  }
  masked += source.slice(copied);

  // `masked[from, to)` with each placeholder's letter replaced by its value.
  const fill = (from: number, to: number) => {
    let out = "";
    let at = from;
    for (let i = firstAtOrAfter(masks, from); i < masks.length && masks[i]! < to; i++) {
      out += masked.slice(at, masks[i]) + values[i];
      at = masks[i]! + 1;
    }
    return out + masked.slice(at, to);
  };
  const holdsPlaceholder = (from: number, to: number) => {
    const i = firstAtOrAfter(masks, from);
    return i < masks.length && masks[i]! < to;
  };

  const out: string[] = [];
  let written = 0;
  for (const tag of startTags(masked)) {
    for (const attribute of tag.attributes) {
      const kind = URL_ATTRIBUTES[attribute.name];
      if (!kind || !holdsPlaceholder(attribute.valueStart, attribute.valueEnd)) continue;
      out.push(fill(written, attribute.start));
      written = attribute.end;
      const value = fill(attribute.valueStart, attribute.valueEnd);
      if (safeUrl(decodeEntities(value), kind) === undefined) continue; // dropped
      const name = fill(attribute.start, attribute.start + attribute.name.length);
      out.push(`${name}="${value.replace(/"/g, "&quot;")}"`);
    }
  }
  out.push(fill(written, masked.length));
  return out.join("");
}

/** The index of the first entry ≥ value in an ascending list (binary search). */
function firstAtOrAfter(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
