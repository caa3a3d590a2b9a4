import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";

/** Issue 14 item 2: /docs/api gets its own, narrower policy; the dashboard keeps its own. */
function policyFor(path: string): Map<string, string> {
  const response = proxy(new NextRequest(`http://localhost:3000${path}`));
  const header = response.headers.get("Content-Security-Policy") ?? "";
  return new Map(
    header.split("; ").map((directive) => {
      const [name, ...values] = directive.split(" ");
      return [name!, values.join(" ")] as const;
    }),
  );
}

describe("the API reference's content security policy", () => {
  it("allows only this server's images, connections and chunks, and no frames or workers", () => {
    const policy = policyFor("/docs/api");
    expect(policy.get("script-src")).toMatch(/^'self' 'nonce-[^']+' 'strict-dynamic'$/);
    expect(policy.get("img-src")).toBe("'self' data: blob:");
    expect(policy.get("connect-src")).toBe("'self'");
    expect(policy.get("font-src")).toBe("'self' data:");
    expect(policy.get("frame-src")).toBe("'none'");
    expect(policy.get("worker-src")).toBe("'none'");
    expect(policy.get("frame-ancestors")).toBe("'none'");
    expect(policy.get("base-uri")).toBe("'none'");
    expect(policy.get("object-src")).toBe("'none'");
  });

  it("leaves the dashboard's policy as it was (email previews show remote images)", () => {
    const policy = policyFor("/overview");
    expect(policy.get("img-src")).toContain("https:");
    expect(policy.get("frame-src")).toBe("'self' blob: data:");
    expect(policy.get("frame-ancestors")).toBe("'none'");
  });
});
