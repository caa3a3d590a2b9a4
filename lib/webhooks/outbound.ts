import { promises as dns, type LookupAddress } from "node:dns";
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isPrivateAddress } from "./private-address";

export const WEBHOOK_TIMEOUT_MS = 15_000;
export const RESPONSE_EXCERPT_BYTES = 1024;
export const PRIVATE_TARGET_ERROR = "target resolves to a private address";

export type OutboundRequest = {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs?: number;
  /** Private, loopback and link-local targets allowed (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Injectable for tests: the resolver and the address check (defaults: dns.lookup, isPrivateAddress). */
  resolve?: (host: string) => Promise<LookupAddress[]>;
  isPrivate?: (ip: string) => boolean;
};

/** Never throws: a refused target, a DNS error or a timeout is an attempt with `error` set. */
export type WebhookPostResult = {
  statusCode: number | null;
  headers: IncomingHttpHeaders;
  /** The first KiB of the response body, decoded as UTF-8. */
  body: string | null;
  durationMs: number;
  error: string | null;
};

class OutboundError extends Error {}

/**
 * POSTs `body` to `url` without following redirects (a 3xx is just a failed attempt, so the
 * "check every redirect" rule of DECISIONS §6 holds trivially). The host is resolved once, every
 * address is vetted, and the socket connects to the vetted address through a pinned `lookup`:
 * a DNS answer that changes between the check and the connect (rebinding) cannot redirect it.
 * TLS SNI, certificate checks and the Host header still use the original hostname.
 */
export async function postWebhookRequest(request: OutboundRequest): Promise<WebhookPostResult> {
  const started = performance.now();
  const timeoutMs = request.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const { allowPrivate } = request;
  const elapsed = () => Math.round(performance.now() - started);
  let cancel: (reason: Error) => void = () => {};
  const deadline = new Promise<never>((_, reject) => {
    const timer = setTimeout(
      () => reject(new OutboundError(`timed out after ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    cancel = (reason) => {
      clearTimeout(timer);
      reject(reason);
    };
  });
  deadline.catch(() => {});
  try {
    const url = new URL(request.url);
    const target = await Promise.race([resolveTarget(url, allowPrivate, request), deadline]);
    const response = await Promise.race([exchange(url, target, request, deadline), deadline]);
    return { ...response, durationMs: elapsed(), error: null };
  } catch (error) {
    const message = error instanceof OutboundError ? error.message : describe(error);
    return { statusCode: null, headers: {}, body: null, durationMs: elapsed(), error: message };
  } finally {
    cancel(new OutboundError("done"));
  }
}

type Target = { address: string; family: 4 | 6 } | null; // null: let Node resolve (allowed)

async function resolveTarget(
  url: URL,
  allowPrivate: boolean,
  { resolve = systemResolve, isPrivate = isPrivateAddress }: OutboundRequest,
): Promise<Target> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundError(`unsupported protocol ${url.protocol}`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (allowPrivate) return null;
  let addresses: LookupAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      throw new OutboundError(`DNS lookup failed for ${host}: ${describe(error)}`);
    }
  }
  // One private answer is enough to refuse: a name that mixes public and internal addresses is
  // exactly what a rebinding or split-horizon probe looks like.
  if (addresses.length === 0 || addresses.some((a) => isPrivate(a.address))) {
    throw new OutboundError(PRIVATE_TARGET_ERROR);
  }
  const chosen = addresses[0]!;
  return { address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

function systemResolve(host: string): Promise<LookupAddress[]> {
  return dns.lookup(host, { all: true, verbatim: true });
}

type Exchange = Pick<WebhookPostResult, "statusCode" | "headers" | "body">;

function exchange(
  url: URL,
  target: Target,
  request: OutboundRequest,
  deadline: Promise<never>,
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.request({
      method: "POST",
      protocol: url.protocol,
      host: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers: { ...request.headers, "Content-Length": Buffer.byteLength(request.body) },
      auth: url.username
        ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
        : undefined,
      agent: false,
      ...(target && { lookup: pinnedLookup(target) }),
    });
    deadline.catch((error: unknown) => req.destroy(error as Error));
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        const excerpt = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES);
        resolve({
          statusCode: res.statusCode ?? null,
          headers: res.headers,
          body: excerpt.toString("utf8"),
        });
      };
      res.on("data", (chunk: Buffer) => {
        if (size >= RESPONSE_EXCERPT_BYTES) return;
        chunks.push(chunk);
        size += chunk.length;
        // The rest of a large body is of no use: stop reading instead of waiting for it.
        if (size >= RESPONSE_EXCERPT_BYTES) {
          finish();
          res.destroy();
        }
      });
      res.on("end", finish);
      res.on("error", () => finish());
    });
    req.end(request.body);
  });
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` that always answers with the vetted address, in both callback shapes Node uses. */
function pinnedLookup(target: { address: string; family: 4 | 6 }) {
  return (_hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
