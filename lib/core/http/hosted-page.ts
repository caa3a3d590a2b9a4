import { escapeHtml } from "../html/entities";
import { HOSTED_PAGE_CSP } from "./security-headers";

/**
 * The Mailwright mark, as in the dashboard's logo (components/app-shell/logo.tsx): inline SVG
 * markup, so the page loads nothing (its policy is `default-src 'none'`).
 */
const LOGO_MARK = `<svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M0 8a8 8 0 0 1 8-8h16a8 8 0 0 1 8 8v4H0Z" fill="#fff" fill-opacity=".08"/><path d="M8 11.5 16 17l8-5.5M8.5 10h15a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 7 20.5v-9A1.5 1.5 0 0 1 8.5 10Z" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

// The dashboard's palette (zinc, indigo accents, a zinc-900 primary button) and its card.
const STYLES = `
*{box-sizing:border-box}
body{font-family:Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif;background:#fafafa;color:#18181b;margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:3rem 1rem;-webkit-font-smoothing:antialiased}
body::before{content:"";position:fixed;inset:0 0 auto;height:20rem;background:radial-gradient(60% 100% at 50% 0%,rgba(99,102,241,.12),transparent);pointer-events:none}
.frame{position:relative;width:100%;max-width:26rem}
header{display:flex;align-items:center;justify-content:center;gap:.6rem;margin-bottom:2rem;font-size:15px;font-weight:600;letter-spacing:-.01em}
main{background:#fff;border-radius:16px;padding:2rem;box-shadow:0 1px 2px rgb(0 0 0/.05),0 0 0 1px rgb(228 228 231/.8)}
.icon{width:44px;height:44px;border-radius:12px;display:grid;place-items:center;margin-bottom:1.25rem;background:#eef2ff;color:#4f46e5}
.icon.done{background:#ecfdf5;color:#059669}.icon.warn{background:#fef2f2;color:#dc2626}
h1{font-size:1.2rem;line-height:1.35;letter-spacing:-.01em;margin:0 0 .5rem}
p{font-size:14px;line-height:1.55;color:#52525b;margin:0 0 1.25rem}p:last-child{margin-bottom:0}
strong{color:#18181b;font-weight:600;word-break:break-all}
form{margin:0}
button{font:inherit;font-size:14px;font-weight:500;width:100%;height:2.5rem;border-radius:8px;cursor:pointer;border:0;background:#18181b;color:#fff;box-shadow:0 1px 2px rgb(0 0 0/.1)}
button:hover{background:#27272a}button:focus-visible{outline:2px solid #6366f1;outline-offset:2px}
button.secondary{background:#fff;color:#18181b;box-shadow:inset 0 0 0 1px #e4e4e7,0 1px 2px rgb(0 0 0/.04)}
button.secondary:hover{background:#fafafa}
.aside{margin-top:1.5rem;padding-top:1.25rem;border-top:1px solid #f4f4f5}
.aside p{font-size:13px;color:#71717a;margin-bottom:.75rem}
.notice{font-size:13px;line-height:1.45;color:#065f46;background:#ecfdf5;border:1px solid #a7f3d0;border-radius:8px;padding:.6rem .75rem;margin-bottom:1.25rem}
fieldset.topics{border:0;margin:0 0 1.25rem;padding:0;display:grid;gap:.5rem}
fieldset.topics legend{font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#71717a;margin-bottom:.5rem;padding:0}
label.topic{display:flex;gap:.75rem;align-items:flex-start;padding:.75rem .85rem;border-radius:10px;box-shadow:inset 0 0 0 1px #e4e4e7;cursor:pointer;font-size:14px;line-height:1.4}
label.topic:hover{background:#fafafa}
label.topic input{width:1.1rem;height:1.1rem;margin:.1rem 0 0;flex:none;accent-color:#4f46e5}
label.topic .name{display:block;font-weight:500;color:#18181b}
label.topic .hint{display:block;font-size:13px;color:#71717a;margin-top:.15rem}
footer{margin-top:1.5rem;text-align:center;font-size:12px;color:#a1a1aa}
`;

export type HostedPageOptions = {
  /** The sender: named above the card, since the recipient knows them, not Mailwright. */
  projectName?: string;
};

/**
 * The small public pages recipients see (unsubscribe, subscription confirmation): the
 * dashboard's look in one self-contained HTML document (inline styles and SVG only), no
 * scripts, no cookies, not indexed. `body` is trusted markup: callers escape what they insert.
 */
export function hostedPage(
  title: string,
  body: string,
  status = 200,
  options: HostedPageOptions = {},
): Response {
  const brand = options.projectName
    ? `${LOGO_MARK}<span>${escapeHtml(options.projectName)}</span>`
    : `${LOGO_MARK}<span>Mailwright</span>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLES}</style></head>
<body><div class="frame"><header>${brand}</header><main>${body}</main>
${options.projectName ? "<footer>Sent with Mailwright</footer>" : ""}</div></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      // Its own policy (proxy.ts does not run here): an inline stylesheet and a same-page form.
      "Content-Security-Policy": HOSTED_PAGE_CSP,
    },
  });
}

/** Small inline icons for the card's header tile (lucide shapes, stroke only). */
export const HOSTED_ICONS = {
  mail: `<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><rect x="2" y="4" width="20" height="16" rx="2"/><path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7"/></svg>`,
  check: `<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M20 6 9 17l-5-5"/></svg>`,
  alert: `<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="12" cy="12" r="10"/><path d="M12 8v4M12 16h.01"/></svg>`,
} as const;

/** The tile above a hosted page's heading. */
export function hostedIcon(icon: keyof typeof HOSTED_ICONS, tone: "" | "done" | "warn" = "") {
  return `<div class="icon${tone ? ` ${tone}` : ""}">${HOSTED_ICONS[icon]}</div>`;
}
