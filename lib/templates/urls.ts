/**
 * URL rules for block templates. At authoring time a URL must be http(s) (links may also be
 * mailto:/tel:) or start with a {{variable}}; after variables are filled in, the same rules are
 * checked again so a variable value can never smuggle in `javascript:` or `data:`.
 */
const PLACEHOLDER = /\{\{[^{}]*\}\}/g;
const LINK_SCHEMES = /^(https?:\/\/|mailto:|tel:)/i;
const IMAGE_SCHEMES = /^https?:\/\//i;

export type UrlKind = "link" | "image";

function hasValidShape(url: string, kind: UrlKind): boolean {
  const schemes = kind === "link" ? LINK_SCHEMES : IMAGE_SCHEMES;
  if (!schemes.test(url)) return false;
  if (/^(mailto|tel):/i.test(url)) return url.length > 7 && !/\s/.test(url);
  try {
    return Boolean(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** Authoring-time check: placeholders are allowed anywhere, and a leading one stands for a whole URL. */
export function isAllowedTemplateUrl(value: string, kind: UrlKind): boolean {
  const url = value.trim();
  if (url === "") return false;
  if (/^\{\{[^{}]*\}\}/.test(url)) return true;
  return hasValidShape(url.replace(PLACEHOLDER, "x"), kind);
}

/** Render-time check on the filled-in URL: returns it when safe, otherwise undefined. */
export function safeUrl(value: string, kind: UrlKind): string | undefined {
  const url = value.trim();
  return hasValidShape(url, kind) ? url : undefined;
}

export const URL_RULE_MESSAGE = {
  link: "must be an http(s), mailto: or tel: URL, or a {{variable}}",
  image: "must be an http(s) URL or a {{variable}}",
} as const;
