import { decodeEntities, escapeAttribute } from "./html";
import { isTrackableUrl } from "./signature";
import { clickTrackingUrl, isTrackingUrl, openPixelUrl } from "./urls";

export type InstrumentOptions = { appUrl: string; token: string; signingKey: string };

// An <a …> start tag; quoted attribute values may contain ">".
const ANCHOR_TAG = /<a(?=[\s>/])(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
// One attribute: name, then an optional double-quoted, single-quoted or unquoted value.
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const UNSUBSCRIBE_PLACEHOLDER = /\{\{\s*unsubscribe_url\s*\}\}/i;
const NO_TRACK_ATTRIBUTE = "data-mw-no-track";

/**
 * Adds open and click tracking to an email's HTML (DECISIONS §6): a 1×1 pixel before </body>,
 * and every absolute http(s) link rewritten to a signed redirect. Left alone: mailto:, tel:,
 * anchors, relative links, links already under the tracking path, the unsubscribe link (marked
 * `data-mw-no-track`, or still the `{{unsubscribe_url}}` placeholder).
 */
export function instrumentHtml(html: string, options: InstrumentOptions): string {
  const withLinks = html.replace(ANCHOR_TAG, (tag) => rewriteAnchor(tag, options));
  return insertPixel(withLinks, openPixelUrl(options.appUrl, options.token));
}

function rewriteAnchor(tag: string, options: InstrumentOptions): string {
  const attributes = tag.slice(2, -1);
  let href: RegExpExecArray | undefined;
  for (const match of attributes.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (name === NO_TRACK_ATTRIBUTE) return tag;
    // The first href wins, as in browsers.
    if (name === "href" && !href) href = match as RegExpExecArray;
  }
  if (!href) return tag;
  const raw = href[2] ?? href[3] ?? href[4];
  if (raw === undefined) return tag;
  const url = decodeEntities(raw).trim();
  if (!shouldTrack(url, options.appUrl)) return tag;
  const tracked = clickTrackingUrl(options.appUrl, options.token, url, options.signingKey);
  const start = 2 + href.index;
  const end = start + href[0].length;
  return `${tag.slice(0, start)}href="${escapeAttribute(tracked)}"${tag.slice(end)}`;
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
