import { describe, expect, it } from "vitest";
import { encodeQuotedPrintable, quotedPrintablePart } from "@/lib/core/mime/quoted-printable";

const encode = (text: string) => encodeQuotedPrintable(text).toString("latin1");
/** What a receiver reads back (RFC 2045 §6.7): hard line breaks are CRLF on the wire. */
const decode = (encoded: string) =>
  Buffer.from(
    encoded
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
/** A line without its soft break must not end inside a triplet. */
const splitsTriplet = (line: string) => /=[0-9A-F]?$/.test(line.replace(/=$/, ""));
const lines = (encoded: string) => encoded.split("\r\n");

describe("encodeQuotedPrintable", () => {
  it("keeps printable ASCII and encodes `=`, non-ASCII bytes and control characters", () => {
    expect(encode("a=b")).toBe("a=3Db");
    expect(encode("café — ok")).toBe("caf=C3=A9 =E2=80=94 ok");
    expect(encode("tab\there\u0000")).toBe("tab\there=00");
  });

  it("turns LF and CRLF into CRLF and encodes a lone CR", () => {
    expect(encode("one\ntwo\r\nthree\rfour")).toBe("one\r\ntwo\r\nthree=0Dfour");
  });

  it("encodes space and tab at the end of a line or of the text, where a relay may drop them", () => {
    expect(encode("end \nnext\t\r\nlast ")).toBe("end=20\r\nnext=09\r\nlast=20");
    expect(encode("a  b")).toBe("a  b");
  });

  it("cuts lines at 76 characters with soft breaks and never splits a triplet", () => {
    const text = `${"x".repeat(74)}é${"y".repeat(300)}\n${"é".repeat(100)}`;
    const encoded = encode(text);
    for (const line of lines(encoded)) {
      expect(line.length).toBeLessThanOrEqual(76);
      expect(splitsTriplet(line)).toBe(false);
    }
    expect(lines(encoded)[0]).toBe(`${"x".repeat(74)}=`);
    expect(lines(encoded)[1]!.startsWith("=C3=A9y")).toBe(true);
    expect(decode(encoded)).toBe(text.replace(/\n/g, "\r\n"));
  });

  it("lets a line of exactly 76 characters stand without a soft break", () => {
    expect(encode("z".repeat(76))).toBe("z".repeat(76));
    expect(encode(`${"z".repeat(76)}\nnext`)).toBe(`${"z".repeat(76)}\r\nnext`);
    expect(lines(encode("z".repeat(77)))).toEqual([`${"z".repeat(75)}=`, "zz"]);
  });

  it("round-trips any text (a receiver decodes what was written)", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = ["a", "Z", " ", "\t", "=", "\n", "\r\n", "é", "😀", ".", "—", "\u0001"];
    for (let round = 0; round < 200; round++) {
      const text = Array.from(
        { length: Math.floor(random() * 400) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join("");
      const encoded = encode(text);
      expect(decode(encoded)).toBe(text.replace(/\r?\n/g, "\r\n"));
      for (const line of lines(encoded)) {
        expect(line.length).toBeLessThanOrEqual(76);
        expect(line).not.toMatch(/[ \t]$/);
        expect(splitsTriplet(line)).toBe(false);
      }
    }
  });

  // The signer trusts it and skips its own search (lib/core/mime/dkim.ts): a wrong "canonical"
  // would sign a body hash receivers do not compute.
  it("tells whether the part is DKIM-relaxed canonical, as a search of its bytes would", () => {
    let seed = 3;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = ["a", " ", "  ", "\t", " \t", "=", "\n", "\r\n", "é", "\r", "x".repeat(70)];
    const needsRewrite = /\t|[ \t][ \t]|[ \t]\r\n/;
    let canonical = 0;
    for (let round = 0; round < 3000; round++) {
      const text = Array.from(
        { length: Math.floor(random() * 12) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join("");
      const part = quotedPrintablePart("html", text);
      const written = part.bytes.toString("latin1");
      expect(part.relaxedCanonical, JSON.stringify(text)).toBe(!needsRewrite.test(written));
      if (part.relaxedCanonical) canonical++;
    }
    expect(canonical).toBeGreaterThan(300); // both answers were asked for
    expect(canonical).toBeLessThan(2700);
  });
});
