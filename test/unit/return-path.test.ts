import { describe, expect, it } from "vitest";
import {
  emailIdFromReturnPath,
  emailIdFromToken,
  returnPathAddress,
  returnPathToken,
} from "@/lib/sending/return-path";

const KEY = "k".repeat(43);
const ID = "em_01jexample0000000000000000";

describe("VERP return paths", () => {
  it("names the email under bounces.<sending domain>, or BOUNCE_DOMAIN", () => {
    const address = returnPathAddress({ bounceDomain: undefined }, KEY, ID, "mail.test");
    expect(address).toMatch(
      /^bounces\+em_01jexample0000000000000000-[0-9a-f]{20}@bounces\.mail\.test$/,
    );
    // RFC 5321: a local part of at most 64 octets.
    expect(address.slice(0, address.indexOf("@")).length).toBeLessThanOrEqual(64);
    expect(returnPathAddress({ bounceDomain: "rp.example.net" }, KEY, ID, "mail.test")).toMatch(
      /@rp\.example\.net$/,
    );
    expect(emailIdFromReturnPath(KEY, address)).toBe(ID);
    expect(emailIdFromReturnPath(KEY, `<${address.toUpperCase()}>`)).toBe(ID);
  });

  it("refuses forged, altered and foreign tokens", () => {
    const token = returnPathToken(KEY, ID);
    expect(emailIdFromToken(KEY, token)).toBe(ID);
    expect(emailIdFromToken("another key".padEnd(43, "x"), token)).toBeNull();
    const otherId = "em_01jexample0000000000000001";
    expect(emailIdFromToken(KEY, `${otherId}-${token.split("-")[1]}`)).toBeNull();
    expect(emailIdFromToken(KEY, token.slice(0, -1))).toBeNull();
    expect(emailIdFromToken(KEY, `${token}0`)).toBeNull();
    for (const junk of ["", "-", "em_-", "x".repeat(500), "bounces", `${ID}-`])
      expect(emailIdFromToken(KEY, junk)).toBeNull();
    expect(emailIdFromReturnPath(KEY, `postmaster@bounces.mail.test`)).toBeNull();
    expect(emailIdFromReturnPath(KEY, `bounces+${token}x@bounces.mail.test`)).toBeNull();
  });
});
