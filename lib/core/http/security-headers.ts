/**
 * Response headers against framing, MIME sniffing and referrer leaks (issue 10 item 6), in one
 * place: next.config.ts sends the common ones on every response, proxy.ts the dashboard's
 * per-request content security policy, hosted-page.ts the recipients' pages' own policy.
 */
export type Header = { key: string; value: string };

/** On every response: dashboard, hosted pages, API (harmless on JSON). */
export function commonSecurityHeaders(referrerPolicy: string): Header[] {
  return [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Referrer-Policy", value: referrerPolicy },
  ];
}

/** What recipients open from an email (unsubscribe, confirm, click redirect): no referrer at all. */
export const RECIPIENT_REFERRER_POLICY = "no-referrer";
export const DASHBOARD_REFERRER_POLICY = "strict-origin-when-cross-origin";

/**
 * The dashboard's policy. Scripts: only Next's own, carrying this request's nonce ('strict-dynamic'
 * lets them load their chunks). Styles allow inline: React, Radix, xyflow and recharts set style
 * attributes, which a nonce cannot cover, and a style cannot run code. Images may come from
 * anywhere over http(s): template previews show the email's own images (in a sandboxed srcdoc
 * iframe, which inherits this policy). `'unsafe-eval'` only in development (React's dev tools).
 */
export function dashboardCsp(nonce: string, development = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' blob: data:",
    "worker-src 'self' blob:",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The public API reference (/docs/api, Scalar's bundled renderer): scripts as on the dashboard
 * (Next's own chunks carry the nonce; Scalar is one of them, so it needs no eval and no CDN). It
 * shows no third-party images and frames nothing; its "try it" client only calls this origin, and
 * fonts come from the app (Scalar's default fonts, loaded from its own host, are turned off).
 */
export function apiReferenceCsp(nonce: string, development = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'none'",
    "worker-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The hosted pages are one inline stylesheet and a form posting to themselves: nothing else. */
export const HOSTED_PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");
