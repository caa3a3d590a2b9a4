import { createHmac } from "node:crypto";
import { clientAddressOf } from "@/lib/core/http/client-address";

/** What the tracking routes know of who made a request: enough to classify it and to tell clients apart. */
export type TrackingRequest = {
  method: string;
  userAgent: string | null;
  address: string | null;
};

export function trackingRequestOf(method: string, headers: Headers): TrackingRequest {
  return { method, userAgent: headers.get("user-agent"), address: clientAddressOf(headers) };
}

/**
 * Who loaded the pixel or followed a link: the open window and the click burst rule tell clients
 * apart by it, and click events show it. Keyed with the instance's secret, so that nobody who
 * reads an event can recover the address by hashing every address with a likely agent.
 */
export function clientFingerprint(secret: string, request: TrackingRequest): string {
  return createHmac("sha256", secret)
    .update(`tracking-client\n${request.address ?? ""}\n${request.userAgent ?? ""}`)
    .digest("base64url")
    .slice(0, 22);
}
