import { describe, expect, it } from "vitest";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { instrumentHtml, LinkTargets } from "@/lib/tracking/instrument";
import { signLink } from "@/lib/tracking/signature";

const options = {
  appUrl: "https://mw.example.net",
  token: "tok123456789",
  signingKey: "k".repeat(48),
};
const pixel = `<img src="https://mw.example.net/api/t/o/tok123456789.gif" width="1" height="1" alt="" style="display:none">`;

function trackedHref(url: string) {
  const s = signLink(options.signingKey, options.token, url);
  return `https://mw.example.net/api/t/c/tok123456789?u=${encodeURIComponent(url)}&amp;s=${s}`;
}

describe("instrumentHtml", () => {
  it("inserts the open pixel before </body>, or at the end without one", () => {
    expect(instrumentHtml("<html><body><p>Hi</p></BODY></html>", options)).toBe(
      `<html><body><p>Hi</p>${pixel}</BODY></html>`,
    );
    expect(instrumentHtml("<p>Hi</p>", options)).toBe(`<p>Hi</p>${pixel}`);
  });

  it("rewrites http(s) links in double, single and unquoted attributes", () => {
    const html = `<a href="https://example.com/a">A</a> <a class='x' href='http://example.com/b?x=1'>B</a> <a href=https://example.com/c>C</a>`;
    const out = instrumentHtml(html, options);
    expect(out).toContain(`<a href="${trackedHref("https://example.com/a")}">A</a>`);
    expect(out).toContain(`<a class='x' href="${trackedHref("http://example.com/b?x=1")}">B</a>`);
    expect(out).toContain(`<a href="${trackedHref("https://example.com/c")}">C</a>`);
  });

  it("decodes entities before signing and re-encodes them in the output", () => {
    const out = instrumentHtml(
      `<a href="https://example.com/p?a=1&amp;b=2&#38;c=3">x</a>`,
      options,
    );
    expect(out).toContain(trackedHref("https://example.com/p?a=1&b=2&c=3"));
    expect(out).not.toContain("&amp;amp;");
  });

  it("leaves mailto, tel, anchors, relative, tracking and unsubscribe links alone", () => {
    const untouched = [
      `<a href="mailto:hi@example.com">m</a>`,
      `<a href="tel:+123">t</a>`,
      `<a href="#top">a</a>`,
      `<a href="/relative">r</a>`,
      `<a href="https://mw.example.net/api/t/c/other?u=x&amp;s=y">t</a>`,
      `<a data-mw-no-track href="https://mw.example.net/unsubscribe/abc">u</a>`,
      `<a href="https://example.com/{{ unsubscribe_url }}">u</a>`,
      `<a name="x">no href</a>`,
    ];
    const html = untouched.join("");
    expect(instrumentHtml(html, options)).toBe(html + pixel);
  });

  it("keeps other attributes, handles '>' in quoted values and ignores data-href", () => {
    const html = `<a title="a > b" data-href="https://x.example" target="_blank" href="https://example.com/">x</a>`;
    expect(instrumentHtml(html, options)).toBe(
      `<a title="a > b" data-href="https://x.example" target="_blank" href="${trackedHref("https://example.com/")}">x</a>${pixel}`,
    );
  });

  it("does not touch tags that only start with a (abbr, area)", () => {
    const html = `<abbr title="https://example.com">x</abbr><area href="https://example.com/">`;
    expect(instrumentHtml(html, options)).toBe(html + pixel);
  });

  // Which links are tracked is worked out once per href and app URL (campaign copies repeat
  // them): each recipient still gets links signed with its own token, and another app URL asks
  // again (its hosted pages are other URLs).
  it("with kept link targets: the same output, each recipient's own signature", () => {
    const html = `<a href="https://example.com/a">A</a><a href="https://other.example.net/u/x">U</a>`;
    const kept = { ...options, targets: new LinkTargets() };
    const first = instrumentHtml(html, kept);
    expect(first).toBe(instrumentHtml(html, options));
    // Holding one href (each new one pushes the last out) changes nothing either.
    expect(instrumentHtml(html, { ...options, targets: new LinkTargets(1) })).toBe(first);
    expect(first).toContain(`<a href="${trackedHref("https://example.com/a")}">A</a>`);
    // A hosted page of the other app is tracked here…
    expect(first).toContain(`href="${trackedHref("https://other.example.net/u/x")}"`);
    const second = instrumentHtml(html, { ...kept, token: "tok987654321" });
    const s = signLink(options.signingKey, "tok987654321", "https://example.com/a");
    expect(second).toContain(`u=${encodeURIComponent("https://example.com/a")}&amp;s=${s}"`);
    // …and stays as written under that app's own URL, asked again with the same targets.
    const other = instrumentHtml(html, { ...kept, appUrl: "https://other.example.net" });
    expect(other).toContain(`<a href="https://other.example.net/u/x">U</a>`);
    expect(instrumentHtml(html, kept)).toBe(first);
  });

  // A worker keeps its LinkTargets for the whole campaign: what it keeps must not keep each
  // recipient's document in memory (V8's substrings are views into the string they came from).
  it("kept link targets hold no recipient's document", () => {
    v8.setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const targets = new LinkTargets();
    const filler = "x".repeat(100_000);
    const used = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const before = used();
    for (let i = 0; i < 1_000; i++) {
      // Each copy its own string, with a link of its own and one shared by all.
      const html = `<p>${filler}${i}</p><a href="https://example.com/r/${i}">r</a><a href="https://example.com/all">a</a>`;
      instrumentHtml(html, { ...options, targets });
    }
    // 1,000 documents of 100 KB: ~100 MB if the kept links held them.
    expect(used() - before).toBeLessThan(20 * 1024 * 1024);
  });
});
