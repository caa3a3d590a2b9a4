import { decodeEntities, escapeAttribute } from "@/lib/core/html/entities";
import { startTags, type StartTag, type TagFilter } from "@/lib/core/html/tags";
import { NO_TRACK_ATTRIBUTE } from "@/lib/core/html/no-track";
import { LruCache } from "@/lib/core/lru-cache";
import { detachedCopy } from "@/lib/core/detached-string";
import { isTrackableUrl } from "./signature";
import { clickTrackingUrl, isTrackingUrl, openPixelUrl } from "./urls";

import type { TrackingPolicy } from "@/lib/core/runtime";
export type InstrumentOptions = {
  appUrl: string;
  token: string;
  signingKey: string;
  policy?: TrackingPolicy;
  /** Links decided for earlier emails (a process keeps one: LinkTargets). */
  targets?: LinkTargets;
};

/** The app's own hosted pages (unsubscribe, subscription confirmation) are never rewritten. */
const HOSTED_PAGES = ["/u/", "/confirm/"];

/** Links are anchors' `href`s (few in a document: an anchor's attributes are all kept). */
const ANCHORS: TagFilter = { tag: "a" };

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
  for (const tag of startTags(html, ANCHORS)) {
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
  const url = options.targets
    ? options.targets.of(href.value, options.appUrl)
    : trackedTarget(href.value, options.appUrl);
  if (url === null) return null;
  const tracked = clickTrackingUrl(options.appUrl, options.token, url, options.signingKey);
  return { start: href.start, end: href.end, text: `href="${escapeAttribute(tracked)}"` };
}

/**
 * Which links are tracked, and the URL each leads to, kept by the runtime's instrumenter
 * (email-instrumenter.ts). A campaign repeats the same links in every recipient's copy, and
 * working the answer out (character references, a URL parse, the app's own pages) for each copy
 * was repeated work: it is a pure function of the href as written and the app URL, kept for one
 * app URL at a time, the least recently used href going first when full (they never expire).
 * Links under the app URL (each recipient's own unsubscribe or preferences link) are worked out
 * each time, not kept; what is kept is copied out of the document it was read from, which it
 * would otherwise keep in memory (detached-string.ts).
 */
export class LinkTargets {
  private appUrl: string | undefined;
  private targets: LruCache<string | null>;

  constructor(private readonly kept = 10_000) {
    this.targets = new LruCache(kept, Infinity);
  }

  /** The URL the `href` (as written) leads to when it is tracked, else null. */
  of(href: string, appUrl: string): string | null {
    if (appUrl !== this.appUrl) {
      this.targets = new LruCache(this.kept, Infinity);
      this.appUrl = appUrl;
    }
    if (href.startsWith(appUrl)) return trackedTarget(href, appUrl);
    let target = this.targets.get(href, 0);
    if (target === undefined) {
      target = trackedTarget(href, appUrl);
      if (target !== null) target = detachedCopy(target);
      this.targets.set(detachedCopy(href), target, 0);
    }
    return target;
  }
}

function trackedTarget(href: string, appUrl: string): string | null {
  const url = decodeEntities(href).trim();
  return shouldTrack(url, appUrl) ? url : null;
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
