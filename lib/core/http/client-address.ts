import type { IncomingMessage } from "node:http";
import type { WarnOnce } from "@/lib/core/warn-once";

/**
 * The client's address, as the front door (scripts/serve.ts) established it from the socket.
 * Next's own server copies a client-sent X-Forwarded-For through unchanged, so per-address limits
 * keyed on it could be dodged with a made-up header; this one is always overwritten.
 */
export const CLIENT_ADDRESS_HEADER = "x-mailwright-client-address";

/**
 * With `trustedHops` proxies in front of us, the client is the address the outermost trusted
 * proxy saw: counting from the right of X-Forwarded-For (each proxy appends the peer it saw),
 * the entry `trustedHops - 1` places before the socket's peer. Entries further left were
 * written by the client and prove nothing.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  const peer = normalize(socketAddress ?? "") || "unknown";
  if (trustedHops <= 0) return peer;
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((entry) => normalize(entry.trim()))
    .filter(Boolean);
  const chain = [...forwarded, peer];
  return chain[Math.max(0, chain.length - 1 - trustedHops)]!;
}

/** Writes the trusted address onto the request (and X-Forwarded-For, for Next and Auth.js). */
export function stampClientAddress(request: IncomingMessage, trustedHops: number): string {
  const address = resolveClientAddress(
    request.socket.remoteAddress,
    request.headers["x-forwarded-for"],
    trustedHops,
  );
  request.headers[CLIENT_ADDRESS_HEADER] = address;
  request.headers["x-forwarded-for"] = address;
  return address;
}

/**
 * The address stamped by the front door, or null when the app runs without it (`next dev`,
 * a bare `next start`): per-address limits are then skipped rather than shared by everyone, and
 * the code that skips one says so once (`warnNoClientAddress`).
 */
export function clientAddressOf(headers: Headers): string | null {
  return headers.get(CLIENT_ADDRESS_HEADER) || null;
}

/** Once per runtime: a per-address limit was skipped for want of the front door. */
export function warnNoClientAddress(runtime: { warnOnce: WarnOnce }) {
  runtime.warnOnce(
    "[http] no client address: start the server with `npm start` (scripts/serve.ts) for per-address limits",
  );
}

/** IPv4-mapped IPv6 (`::ffff:10.0.0.1`) and the IPv4 form are one client. */
function normalize(address: string): string {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}
