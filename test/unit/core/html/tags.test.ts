import { describe, expect, it } from "vitest";
import { readStartTag, startTags } from "@/lib/core/html/tags";

describe("start tags", () => {
  it("reads names, quoted, unquoted and bare attributes with their spans", () => {
    const html = `<p>x</p><A HREF="https://a.test/?q=1" data-x='y' width=3 hidden>`;
    const tags = [...startTags(html)];
    expect(tags.map((t) => t.name)).toEqual(["p", "a"]);
    const a = tags[1]!;
    expect(a.attributes.map((x) => [x.name, x.value])).toEqual([
      ["href", "https://a.test/?q=1"],
      ["data-x", "y"],
      ["width", "3"],
      ["hidden", undefined],
    ]);
    expect(html.slice(a.attributes[0]!.start, a.attributes[0]!.end)).toBe(
      'HREF="https://a.test/?q=1"',
    );
    expect(a.end).toBe(html.length);
  });

  it("a tag still open at the end of the input is no tag", () => {
    expect(readStartTag(`<a href="x`, 0)).toBeNull();
    expect([...startTags(`<b>ok</b><a href=x`)].map((t) => t.name)).toEqual(["b"]);
  });

  // The reader tests character codes instead of /\s/ per character: it must agree with \s on
  // every UTF-16 code unit, as a space between attributes and around `=`.
  it("a space is exactly what JavaScript's \\s matches", () => {
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      const tag = readStartTag(`<a${c}href${c}=${c}"x"${c}>`, 0);
      if (/\s/.test(c)) {
        expect(tag?.name, `U+${code.toString(16)}`).toBe("a");
        expect(tag?.attributes.map((a) => [a.name, a.value])).toEqual([["href", "x"]]);
      } else if (c !== "/" && c !== ">" && c !== '"' && c !== "=") {
        expect(tag?.name ?? null, `U+${code.toString(16)}`).not.toBe("a");
      }
    }
  });

  // The link rewriter asks for anchors only; the other tags are read past (their quoted values
  // can hold a `<`) without their attributes being built.
  it("with a name, only the tags of that name, read as the whole document reads them", () => {
    const html =
      `<table style="x"><td title="<a href='no'>">` +
      `<A HREF="https://a.test/" data-mw-no-track>one</A><img src=x alt='<a href=y>'>` +
      `<a href=https://b.test/ hidden>two</a><b>` +
      `<a class='c' href="https://c.test/">three</a>`;
    const all = [...startTags(html)].filter((tag) => tag.name === "a");
    const anchors = [...startTags(html, { tag: "a" })];
    expect(anchors).toEqual(all);
    expect(anchors.map((tag) => tag.attributes.find((a) => a.name === "href")?.value)).toEqual([
      "https://a.test/",
      "https://b.test/",
      "https://c.test/",
    ]);
    // A tag of another name still open at the end ends the scan, as in the full read.
    expect([...startTags(`<a href=1><img alt="`, { tag: "a" })].map((t) => t.end)).toEqual([10]);
  });

  it("empty, bare and unquoted values keep their spans", () => {
    const html = `<a x= y=>`;
    const [tag] = [...startTags(html)];
    expect(tag!.attributes.map((a) => [a.name, a.value, a.start, a.end])).toEqual([
      ["x", "y=", 3, 8],
    ]);
    const bare = readStartTag(`<input disabled >`, 0)!.attributes[0]!;
    expect([bare.name, bare.value, bare.valueStart, bare.valueEnd]).toEqual([
      "disabled",
      undefined,
      15,
      15,
    ]);
    const empty = readStartTag(`<a href=>`, 0)!.attributes[0]!;
    expect([empty.value, empty.start, empty.end]).toEqual(["", 3, 8]);
  });
});
