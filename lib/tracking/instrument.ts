import { decodeEntities, escapeAttribute } from "@/lib/core/html/entities";
import { startTags, type StartTag } from "@/lib/core/html/tags";
import { NO_TRACK_ATTRIBUTE } from "@/lib/core/html/no-track";
import { isTrackableUrl } from "./signature";
import { clickTrackingUrl, isTrackingUrl, openPixelUrl } from "./urls";

import type { TrackingPolicy } from "@/lib/core/runtime";
export type InstrumentOptions = {
  appUrl: string;
  token: string;
  signingKey: string;
  policy?: TrackingPolicy;
};

/** The app's own hosted pages (unsubscribe, subscription confirmation) are never rewritten. */
const HOSTED_PAGES = ["/u/", "/confirm/"];

const UNSUBSCRIBE_PLACEHOLDER = /\{\{\s*unsubscribe_url\s*\}\}/i;

/**
 * Adds open and click tracking to an email's HTML (DECISIONS §6, §8), as the domain's policy
 * allows: a 1×1 pixel before </body>, and every absolute http(s) link rewritten to a signed
 * redirect. Left alone: mailto:, tel:, anchors, relative links, links already under the tracking
 * path, links marked `data-mw-no-track`, and links to the app's hosted pages — the unsubscribe
 * link above all, which must never count as a click nor carry the tracking token. Runs at
 * delivery on whatever HTML a sender gave, so it reads the HTML in one linear pass (lib/core/html/tags).
 */
export function instrumentHtml(html: string, options: InstrumentOptions): string {
  const policy = options.policy ?? { opens: true, clicks: true };
  const linked = policy.clicks ? rewriteLinks(html, options) : html;
  return policy.opens ? insertPixel(linked, openPixelUrl(options.appUrl, options.token)) : linked;
}

function rewriteLinks(html: string, options: InstrumentOptions): string {
  const parts: string[] = [];
  let copied = 0;
  for (const tag of startTags(html)) {
    if (tag.name !== "a") continue;
    const rewritten = rewriteAnchor(html, tag, options);
    if (rewritten === null) continue;
    parts.push(html.slice(copied, rewritten.start), rewritten.text);
    copied = rewritten.end;
  }
  parts.push(html.slice(copied));
  return parts.join("");
}

/** The new `href="…"` for the anchor's link, or null when it stays as written. */
function rewriteAnchor(html: string, tag: StartTag, options: InstrumentOptions) {
  if (tag.attributes.some((a) => a.name === NO_TRACK_ATTRIBUTE)) return null;
  // The first href wins, as in browsers.
  const href = tag.attributes.find((a) => a.name === "href");
  if (href?.value === undefined) return null;
  const url = decodeEntities(href.value).trim();
  if (!shouldTrack(url, options.appUrl)) return null;
  const tracked = clickTrackingUrl(options.appUrl, options.token, url, options.signingKey);
  return { start: href.start, end: href.end, text: `href="${escapeAttribute(tracked)}"` };
}

function shouldTrack(url: string, appUrl: string): boolean {
  return (
    isTrackableUrl(url) &&
    !UNSUBSCRIBE_PLACEHOLDER.test(url) &&
    !isTrackingUrl(appUrl, url) &&
    !isHostedPage(url, appUrl)
  );
}

function isHostedPage(url: string, appUrl: string): boolean {
  const lower = url.toLowerCase();
  const base = appUrl.replace(/\/+$/, "").toLowerCase();
  return HOSTED_PAGES.some((page) => lower.startsWith(base + page));
}

function insertPixel(html: string, pixelUrl: string): string {
  const pixel = `<img src="${escapeAttribute(pixelUrl)}" width="1" height="1" alt="" style="display:none">`;
  const bodyEnd = lastBodyEnd(html);
  if (bodyEnd === -1) return html + pixel;
  return html.slice(0, bodyEnd) + pixel + html.slice(bodyEnd);
}

/** Where the last `</body` starts, in any case (without lower-casing the whole document). */
function lastBodyEnd(html: string): number {
  for (
    let at = html.lastIndexOf("</");
    at !== -1;
    at = at > 0 ? html.lastIndexOf("</", at - 1) : -1
  ) {
    if (html.slice(at + 2, at + 6).toLowerCase() === "body") return at;
  }
  return -1;
}
