import fs from "node:fs";
import type http from "node:http";
import path from "node:path";

/**
 * Maps a URL path to an app/ route module the way the App Router does (static segments beat
 * dynamic ones, catch-alls come last), so integration tests drive the real route handlers.
 */
export type RouteEntry = { file: string; segments: string[]; score: number[] };

const APP_DIR = path.join(process.cwd(), "app");

function collectRoutes(dir: string, segments: string[], out: RouteEntry[]) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      // Route groups "(name)" do not add a URL segment.
      const next = /^\(.*\)$/.test(entry.name) ? segments : [...segments, entry.name];
      collectRoutes(path.join(dir, entry.name), next, out);
    } else if (entry.name === "route.ts") {
      const score = segments.map((s) => (s.startsWith("[...") ? 2 : s.startsWith("[") ? 1 : 0));
      out.push({ file: path.join(dir, entry.name), segments, score });
    }
  }
}

let routes: RouteEntry[] | undefined;
/** Every route.ts under app/, with its URL segments ("[id]", "[...path]" as written). */
export function allRoutes(): RouteEntry[] {
  if (!routes) {
    routes = [];
    collectRoutes(APP_DIR, [], routes);
  }
  return routes;
}

function matchRoute(route: RouteEntry, parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i]!;
    if (segment.startsWith("[...")) {
      const rest = parts.slice(i);
      if (rest.length === 0) return null;
      params[segment.slice(4, -1)] = rest;
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith("[")) params[segment.slice(1, -1)] = decodeURIComponent(part);
    else if (segment !== part) return null;
  }
  return parts.length === route.segments.length ? params : null;
}

function compareScore(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

export function resolveRoute(pathname: string) {
  const parts = pathname.split("/").filter(Boolean);
  const candidates = allRoutes()
    .map((route) => ({ route, params: matchRoute(route, parts) }))
    .filter((c) => c.params !== null)
    .sort((a, b) => compareScore(a.route.score, b.route.score));
  const best = candidates[0];
  return best ? { file: best.route.file, params: best.params! } : null;
}

/** Answers one request with the real route handler its path names (404/405 otherwise). */
export async function dispatchToRoute(req: http.IncomingMessage, res: http.ServerResponse) {
  try {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const match = resolveRoute(url.pathname);
    const routeModule = match
      ? ((await import(/* @vite-ignore */ match.file)) as Record<string, unknown>)
      : undefined;
    const handler = routeModule?.[req.method ?? "GET"] as
      ((request: Request, ctx: { params: Promise<unknown> }) => Promise<Response>) | undefined;
    if (!match || !handler) {
      res.writeHead(match ? 405 : 404).end();
      return;
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(url, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: hasBody ? (req as unknown as ReadableStream) : undefined,
      // Node's fetch needs this for streamed request bodies.
      ...(hasBody && { duplex: "half" }),
    } as RequestInit);
    const response = await handler(request, { params: Promise.resolve(match.params) });
    const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
    // Object.fromEntries keeps only the last Set-Cookie; a response may set several (Auth.js).
    const setCookies = response.headers.getSetCookie();
    if (setCookies.length > 0) headers["set-cookie"] = setCookies;
    res.writeHead(response.status, headers);
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    console.error("test dispatcher error", error);
    res.writeHead(500).end(String(error));
  }
}
