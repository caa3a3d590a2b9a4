import { describe, expect, it } from "vitest";
import { parentListOf } from "@/components/app-shell/nav-items";
import { loginHref, safeReturnPath } from "@/lib/web/dashboard/return-path";

describe("safeReturnPath (sign-in callbackUrl)", () => {
  it("keeps paths on this site with their query and fragment", () => {
    expect(safeReturnPath("/campaigns/cmp_1")).toBe("/campaigns/cmp_1");
    expect(safeReturnPath("/emails?status=bounced&cursor=abc#top")).toBe(
      "/emails?status=bounced&cursor=abc#top",
    );
    // Dot segments are resolved, never above the root.
    expect(safeReturnPath("/contacts/../../events")).toBe("/events");
  });

  it.each([
    ["an absolute URL", "https://evil.example/phish"],
    ["a scheme-less host", "evil.example/path"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash that browsers read as a slash", "/\\evil.example"],
    ["a backslash later on", "/ok\\..\\..\\evil"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a tab inside the host trick", "/\t/evil.example"],
    ["a newline", "/overview\nSet-Cookie: x=1"],
    ["the sign-in page itself", "/login?callbackUrl=/overview"],
    ["an API route", "/api/auth/signout"],
    ["an empty value", ""],
    ["a value that is no string", ["/overview"]],
    ["an overlong value", `/${"a".repeat(2100)}`],
  ])("refuses %s", (_label, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("builds the sign-in link only with a safe path", () => {
    expect(loginHref("/emails?status=bounced")).toBe(
      "/login?callbackUrl=%2Femails%3Fstatus%3Dbounced",
    );
    expect(loginHref("//evil.example")).toBe("/login");
    expect(loginHref("/")).toBe("/login");
    expect(loginHref(null)).toBe("/login");
  });
});

describe("parentListOf (the 404's way back)", () => {
  it("names the list a missing detail page belongs to", () => {
    expect(parentListOf("/campaigns/cmp_gone")).toMatchObject({ href: "/campaigns" });
    expect(parentListOf("/automations/aut_1/runs/run_2")).toMatchObject({
      href: "/automations",
    });
    expect(parentListOf("/settings/webhooks/wh_1?x=1")).toMatchObject({
      href: "/settings/webhooks",
    });
  });

  it("has none for unknown areas or the overview", () => {
    expect(parentListOf("/nowhere")).toBeNull();
    expect(parentListOf("/campaignsx")).toBeNull();
    expect(parentListOf("/overview/x")).toBeNull();
    expect(parentListOf(null)).toBeNull();
  });
});
