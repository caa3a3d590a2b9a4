import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { clientFingerprint, trackingRequestOf } from "@/lib/tracking/request";
import { CLIENT_ADDRESS_HEADER } from "@/lib/core/http/client-address";

const request = trackingRequestOf(
  "GET",
  new Headers({ [CLIENT_ADDRESS_HEADER]: "203.0.113.7", "user-agent": "Thunderbird/115.10" }),
);

describe("the tracking client's fingerprint", () => {
  it("reads the method, the agent and the address the front door stamped", () => {
    expect(request).toEqual({
      method: "GET",
      userAgent: "Thunderbird/115.10",
      address: "203.0.113.7",
    });
  });

  it("is the same for one client and differs for another address or agent", () => {
    const secret = "s".repeat(48);
    const fingerprint = clientFingerprint(secret, request);
    expect(fingerprint).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(clientFingerprint(secret, { ...request })).toBe(fingerprint);
    expect(clientFingerprint(secret, { ...request, address: "203.0.113.8" })).not.toBe(fingerprint);
    expect(clientFingerprint(secret, { ...request, userAgent: "Other" })).not.toBe(fingerprint);
  });

  it("is keyed: without the instance's secret, hashing guesses does not find it", () => {
    const fingerprint = clientFingerprint("s".repeat(48), request);
    expect(clientFingerprint("t".repeat(48), request)).not.toBe(fingerprint);
    const unkeyed = createHash("sha256")
      .update(`tracking-client\n203.0.113.7\nThunderbird/115.10`)
      .digest("base64url")
      .slice(0, 22);
    expect(fingerprint).not.toBe(unkeyed);
  });
});
