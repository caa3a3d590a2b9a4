import { describe, expect, it } from "vitest";
import { compileTemplate } from "@/lib/templates/compiled";
import { renderTemplate, type RenderableTemplate } from "@/lib/templates/render";

/**
 * Issue 10 item 7c: a variable filled into a URL attribute of an HTML template gets the check
 * blocks templates apply (urls.ts safeUrl), in a direct render and in a compiled one.
 */
const html = (source: string): RenderableTemplate => ({ subject: "s", format: "html", source });
const hostile = {
  url: "javascript:alert(1)",
  img: "data:image/svg+xml,<svg onload=alert(1)>",
  spaced: "https://ok.example/a onmouseover=alert(1)",
  name: "Ann",
};
const renderers = {
  direct: (t: RenderableTemplate, v: Record<string, unknown>) => renderTemplate(t, v),
  compiled: async (t: RenderableTemplate, v: Record<string, unknown>) =>
    (await compileTemplate(t)).render(v),
};

describe.each(Object.entries(renderers))("HTML template URLs (%s render)", (_name, render) => {
  it("drops an href or src whose filled value is not a safe URL", async () => {
    const out = await render(
      html(
        `<a href="{{url}}">Go</a> <a HREF='{{ url }}' class="c">Go</a> <img src="{{img}}" alt="">` +
          `<a href={{url}}>Go</a> <a href="  {{url}}">Go</a> <a href="{{ missing | 'javascript:x' }}">x</a>`,
      ),
      hostile,
    );
    expect(out.html).not.toMatch(/javascript:|data:/i);
    expect(out.html).toContain(">Go</a>");
    expect(out.html).toContain('class="c"');
    expect(out.html).toContain('alt=""');
  });

  it("keeps safe filled URLs, quoting a value that was unquoted", async () => {
    const out = await render(
      html(`<a href="{{u}}?n={{name}}">a</a><a href={{spaced}}>b</a><img src='{{u}}'>`),
      { ...hostile, u: "https://ok.example/p" },
    );
    expect(out.html).toContain('<a href="https://ok.example/p?n=Ann">a</a>');
    expect(out.html).toContain('<a href="https://ok.example/a onmouseover=alert(1)">b</a>');
    expect(out.html).toContain(`<img src="https://ok.example/p">`);
  });

  it("leaves URLs written out in full and placeholders elsewhere as they were", async () => {
    const source = `<a href="#top" title="{{name}}">{{name}}</a><a href="/x">y</a>`;
    const out = await render(html(source), hostile);
    expect(out.html).toBe(`<a href="#top" title="Ann">Ann</a><a href="/x">y</a>`);
  });
});
