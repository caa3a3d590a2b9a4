import { decodeEntities, escapeAttribute } from "../html/entities";
import { startTags, type StartTag } from "../html/tags";
import { isTrackableUrl } from "./signature";
import { clickTrackingUrl, isTrackingUrl, openPixelUrl } from "./urls";

export type InstrumentOptions = { appUrl: string; token: string; signingKey: string };

const UNSUBSCRIBE_PLACEHOLDER = /\{\{\s*unsubscribe_url\s*\}\}/i;
const NO_TRACK_ATTRIBUTE = "data-mw-no-track";

/**
 * Adds open and click tracking to an email's HTML (DECISIONS §6): a 1×1 pixel before </body>,
 * and every absolute http(s) link rewritten to a signed redirect. Left alone: mailto:, tel:,
 * anchors, relative links, links already under the tracking path, the unsubscribe link (marked
 * `data-mw-no-track`, or still the `{{unsubscribe_url}}` placeholder). Runs at delivery on
 * whatever HTML a sender gave, so it reads the HTML in one linear pass (lib/html/tags).
 */
export function instrumentHtml(html: string, options: InstrumentOptions): string {
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
  return insertPixel(parts.join(""), openPixelUrl(options.appUrl, options.token));
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
  return isTrackableUrl(url) && !UNSUBSCRIBE_PLACEHOLDER.test(url) && !isTrackingUrl(appUrl, url);
}

function insertPixel(html: string, pixelUrl: string): string {
  const pixel = `<img src="${escapeAttribute(pixelUrl)}" width="1" height="1" alt="" style="display:none">`;
  const bodyEnd = html.toLowerCase().lastIndexOf("</body");
  if (bodyEnd === -1) return html + pixel;
  return html.slice(0, bodyEnd) + pixel + html.slice(bodyEnd);
}
