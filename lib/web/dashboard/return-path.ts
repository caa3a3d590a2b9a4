/**
 * Where the browser asked to go, for the sign-in round trip and the 404 page. proxy.ts copies the
 * requested path and query into this request header (a request header set by the proxy, not by
 * the client: the proxy overwrites whatever came in).
 */
export const REQUESTED_PATH_HEADER = "x-mw-requested-path";

const MAX_RETURN_PATH = 2000;

/**
 * A same-origin relative path to return to after sign-in, or null. Only `/…` paths are kept:
 * absolute URLs, protocol-relative `//host`, backslash tricks (`/\host`, which browsers read as
 * `//host`), control characters and the auth pages themselves are refused, so `callbackUrl` can
 * never send anyone to another site (no open redirect) nor loop back to the sign-in form.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_RETURN_PATH) {
    return null;
  }
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, "http://mailwright.invalid");
  } catch {
    return null;
  }
  // Whatever a parser makes of it, it must stay on our origin.
  if (url.origin !== "http://mailwright.invalid") return null;
  if (/^\/(login|api\/)/.test(url.pathname) || url.pathname === "/api") return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page for a visitor who asked for `path` (omitted when it is no safe return path). */
export function loginHref(path: string | null | undefined): string {
  const back = safeReturnPath(path);
  return back && back !== "/" ? `/login?callbackUrl=${encodeURIComponent(back)}` : "/login";
}
