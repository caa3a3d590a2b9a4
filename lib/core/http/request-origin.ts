/**
 * The host and origin a browser used to reach this server, from the request's headers:
 * X-Forwarded-Host and -Proto when a proxy set them (as Auth.js reads them with trustHost), else
 * Host over http. The first value of a list is the client-facing one.
 */
const first = (headers: Headers, name: string) => headers.get(name)?.split(",")[0]?.trim() || null;

export function requestHost(headers: Headers): string | null {
  return first(headers, "x-forwarded-host") ?? first(headers, "host");
}

export function requestOrigin(headers: Headers): string | null {
  const host = requestHost(headers);
  if (!host) return null;
  const proto = first(headers, "x-forwarded-proto") === "https" ? "https" : "http";
  return `${proto}://${host}`;
}
