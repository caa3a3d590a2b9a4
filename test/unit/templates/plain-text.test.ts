import { toPlainText } from "@react-email/render";
import { describe, expect, it } from "vitest";
import { htmlToPlainText, tidyPlainText } from "@/lib/templates/render";

const HEADINGS = ["h1", "h2", "h3", "h4"].map((selector) => ({
  selector,
  options: { uppercase: false },
}));

const SAMPLES = [
  "<h1>Your receipt</h1><p>Thanks, <b>Ada</b>.</p><a href='https://shop.example/o/1'>View order</a>",
  "<table><tr><td>Item</td><td>€ 12</td></tr></table><img src='x.png' alt='logo'>",
  "<div data-skip-in-text='true'>hidden</div><p>Line one<br>Line two</p><ul><li>a</li><li>b</li></ul>",
  "<h2>Heading stays as written</h2><a href='https://a.example'>https://a.example</a>",
];

describe("htmlToPlainText", () => {
  it("converts exactly as React Email's toPlainText with our headings, compiled once", () => {
    for (const html of SAMPLES) {
      expect(htmlToPlainText(html)).toBe(tidyPlainText(toPlainText(html, { selectors: HEADINGS })));
    }
  });

  it("is fast enough for the delivery path (compiling per call cost ~1 ms)", () => {
    const html = `<html><body><h1>Receipt</h1>${"<p>Line item with a description.</p>".repeat(20)}</body></html>`;
    // The fastest of several rounds of each: other work on the machine only ever slows a round.
    const fastestMs = (convert: () => void) => {
      let best = Infinity;
      for (let round = 0; round < 5; round++) {
        const started = performance.now();
        for (let i = 0; i < 40; i++) convert();
        best = Math.min(best, (performance.now() - started) / 40);
      }
      return best;
    };
    htmlToPlainText(html);
    const compiledMs = fastestMs(() => htmlToPlainText(html));
    const perCallMs = fastestMs(() => toPlainText(html, { selectors: HEADINGS }));
    expect(compiledMs).toBeLessThan(perCallMs / 2);
  });
});
