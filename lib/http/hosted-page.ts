import { HOSTED_PAGE_CSP } from "./security-headers";

/**
 * The small public pages recipients see (unsubscribe, subscription confirmation): plain HTML in
 * a card, no scripts, no cookies, not indexed.
 */
export function hostedPage(title: string, body: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f4f5;color:#18181b;margin:0;padding:4rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 1px 2px rgb(0 0 0/.06),0 0 0 1px rgb(0 0 0/.05)}
h1{font-size:1.25rem;margin:0 0 .75rem}p{line-height:1.5;color:#3f3f46;margin:0 0 1.25rem}
button{font:inherit;font-weight:600;background:#4f46e5;color:#fff;border:0;border-radius:8px;padding:.65rem 1.25rem;cursor:pointer}
button:hover{background:#4338ca}
</style></head><body><main>${body}</main></body></html>`;
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
