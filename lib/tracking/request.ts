import { createHash } from "node:crypto";
import { clientAddressOf } from "@/lib/core/http/client-address";

/** What the tracking routes know of who made a request: enough to classify it and to tell clients apart. */
export type TrackingRequest = {
  method: string;
  userAgent: string | null;
  /** The client's fingerprint (`clientFingerprint`). */
  client: string;
};

export function trackingRequestOf(method: string, headers: Headers): TrackingRequest {
  const userAgent = headers.get("user-agent");
  return { method, userAgent, client: clientFingerprint(clientAddressOf(headers), userAgent) };
}

/**
 * Who loaded the pixel or followed a link, as a hash of the address and the user agent: the open
 * window and the click burst rule tell clients apart by it, and nothing keeps either in the clear.
 */
export function clientFingerprint(address: string | null, userAgent: string | null): string {
  return createHash("sha256")
    .update(`${address ?? ""}\n${userAgent ?? ""}`)
    .digest("base64url")
    .slice(0, 22);
}
