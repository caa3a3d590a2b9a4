import { describe, expect, it } from "vitest";
import { maskAccountLinks } from "@/lib/emails/account-emails";

const TOKEN = "A".repeat(43);
const account = { tags: [{ name: "mailwright_account", value: "password_reset" }] };
const other = { tags: [{ name: "campaign", value: "spring" }] };

describe("maskAccountLinks", () => {
  it("masks the token of reset and invitation links in an account email, wherever they appear", () => {
    const html = `<a href="https://mw.example/reset-password/${TOKEN}">Go</a> https://mw.example/invite/${TOKEN}`;
    const masked = maskAccountLinks(account, html);
    expect(masked).not.toContain(TOKEN);
    expect(masked).toBe(
      '<a href="https://mw.example/reset-password/…">Go</a> https://mw.example/invite/…',
    );
  });

  it("leaves every other email, and missing content, as it is", () => {
    const html = `<a href="https://shop.example/reset-password/${TOKEN}">Reset</a>`;
    expect(maskAccountLinks(other, html)).toBe(html);
    expect(maskAccountLinks(account, null)).toBeNull();
  });
});
