import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/core/errors";
import { parseBlocksSource } from "@/lib/templates/blocks";
import { SYSTEM_TEMPLATES } from "@/lib/templates/gallery";
import { compileTemplate } from "@/lib/templates/compiled";
import { renderTemplate } from "@/lib/templates/render";
import { instrumentHtml } from "@/lib/tracking/instrument";

/** "Don't track" on template blocks (DECISIONS §8): their anchors carry data-mw-no-track. */
const source = (...blocks: unknown[]) => JSON.stringify({ blocks });
const render = (...blocks: unknown[]) =>
  renderTemplate({ subject: "S", format: "blocks", source: source(...blocks) }, {});

/** The start tag of the anchor whose href is `href`. */
function anchorTo(html: string, href: string): string {
  const tag = html.match(new RegExp(`<a\\b[^>]*href="${href.replace(/[.?]/g, "\\$&")}"[^>]*>`));
  expect(tag, `an anchor to ${href}`).not.toBeNull();
  return tag![0];
}

const instrument = (html: string) =>
  instrumentHtml(html, {
    appUrl: "https://mw.example.net",
    token: "tok123456789",
    signingKey: "k".repeat(48),
  });

describe("blocks with click tracking off", () => {
  it("renders a button with track: false with data-mw-no-track, and one without it plainly", async () => {
    const { html } = await render(
      { type: "button", label: "Reset password", href: "https://app.x.test/reset", track: false },
      { type: "button", label: "Read more", href: "https://app.x.test/more" },
      { type: "button", label: "Also read", href: "https://app.x.test/also", track: true },
    );
    expect(anchorTo(html, "https://app.x.test/reset")).toContain('data-mw-no-track=""');
    expect(anchorTo(html, "https://app.x.test/more")).not.toContain("data-mw-no-track");
    expect(anchorTo(html, "https://app.x.test/also")).not.toContain("data-mw-no-track");
  });

  it("marks every inline link of a text block, and an image's link, inside columns too", async () => {
    const { html } = await render(
      {
        type: "text",
        text: "[Sign in](https://app.x.test/login) or **[reset](https://app.x.test/r)**",
        track: false,
      },
      {
        type: "columns",
        columns: [
          {
            blocks: [
              {
                type: "image",
                src: "https://cdn.x.test/a.png",
                href: "https://app.x.test/img",
                track: false,
              },
            ],
          },
          { blocks: [{ type: "text", text: "[Shop](https://shop.x.test/)" }] },
        ],
      },
    );
    for (const href of [
      "https://app.x.test/login",
      "https://app.x.test/r",
      "https://app.x.test/img",
    ]) {
      expect(anchorTo(html, href), href).toContain("data-mw-no-track");
    }
    expect(anchorTo(html, "https://shop.x.test/")).not.toContain("data-mw-no-track");
  });

  it("keeps the mark through render-once compilation, and delivery leaves those links as written", async () => {
    const compiled = await compileTemplate({
      subject: "S",
      format: "blocks",
      source: source(
        {
          type: "button",
          label: "Reset",
          href: "https://app.x.test/reset?u={{ data.id }}",
          track: false,
        },
        { type: "button", label: "News", href: "https://app.x.test/news" },
      ),
    });
    const { html } = await compiled.render({ data: { id: 7 } });
    const out = instrument(html);
    expect(out).toContain('href="https://app.x.test/reset?u=7"');
    expect(out).not.toContain('href="https://app.x.test/news"');
    expect(out).toContain(
      "https://mw.example.net/api/t/c/tok123456789?u=https%3A%2F%2Fapp.x.test%2Fnews",
    );
  });

  it("is optional and backward compatible: stored documents parse unchanged, non-booleans are refused", () => {
    const old = { blocks: [{ type: "button", label: "Go", href: "https://x.test/" }] };
    expect(parseBlocksSource(JSON.stringify(old))).toEqual(old);
    const error = (() => {
      try {
        parseBlocksSource(
          source({ type: "button", label: "Go", href: "https://x.test/", track: "no" }),
        );
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details).toEqual([
      { path: "source.blocks.0.track", message: "must be true or false" },
    ]);
  });
});

describe("the gallery's single-use links", () => {
  it("password reset, magic link and email confirmation buttons are not click-tracked", async () => {
    const single = [
      "tpl_system_password_reset",
      "tpl_system_magic_link",
      "tpl_system_verify_email",
    ];
    for (const id of single) {
      const template = SYSTEM_TEMPLATES.find((t) => t.id === id);
      expect(template, id).toBeDefined();
      const { html } = await renderTemplate(
        { subject: "S", format: "blocks", source: JSON.stringify({ blocks: template!.blocks }) },
        {
          data: {
            reset_url: "https://a.test/x",
            login_url: "https://a.test/x",
            verify_url: "https://a.test/x",
          },
        },
      );
      expect(anchorTo(html, "https://a.test/x"), id).toContain("data-mw-no-track");
    }
    // Marketing templates keep tracking.
    const welcome = SYSTEM_TEMPLATES.find((t) => t.id === "tpl_system_welcome")!;
    expect(JSON.stringify(welcome.blocks)).not.toContain('"track"');
  });
});
