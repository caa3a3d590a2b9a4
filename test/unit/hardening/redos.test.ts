import { describe, expect, it } from "vitest";
import { StepInput } from "@/lib/automations/step-schemas";
import { parseMailbox } from "@/lib/sending/addresses";
import { SendEmailInput } from "@/lib/sending/schemas";
import { parseInline } from "@/lib/templates/inline";
import { renderTemplate, tidyPlainText, withPreviewText } from "@/lib/templates/render";
import { listVariables, renderVariables } from "@/lib/templates/variables";
import { instrumentHtml } from "@/lib/tracking/instrument";

/**
 * Issue 10 item 1: inputs on which the regular expressions these functions used took seconds
 * (each blocks the whole process: API, dashboard and embedded worker). The bound is generous;
 * the linear scanners take a few milliseconds. Times before the fix are in the comments.
 */
const BOUND_MS = 200;
function elapsed(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

describe("no quadratic or exponential parsing of untrusted text", () => {
  it("parses a mailbox with a long run of spaces quickly (was 2.3 s for 50 KB)", () => {
    const value = `a${" ".repeat(50_000)}b`;
    expect(elapsed(() => expect(parseMailbox(value)).toBeNull())).toBeLessThan(BOUND_MS);
  });

  it("instruments 30,000 unclosed `<a ` quickly (was 4 s)", () => {
    const options = { appUrl: "https://mw.example.net", token: "tok123456789", signingKey: "k" };
    const html = "<a ".repeat(30_000);
    expect(elapsed(() => instrumentHtml(html, options))).toBeLessThan(BOUND_MS);
  });

  it("fills and lists placeholders after long runs of spaces quickly (was 3.4 s each)", () => {
    const spaces = " ".repeat(60_000);
    expect(elapsed(() => renderVariables(`{{a${spaces}`))).toBeLessThan(BOUND_MS);
    expect(elapsed(() => listVariables(`{{ a | b${spaces}x`))).toBeLessThan(BOUND_MS);
  });

  it("parses inline markup with placeholders in an unclosed link label quickly (was 3 s)", () => {
    expect(elapsed(() => parseInline(`[${"{{}}".repeat(25)}`))).toBeLessThan(BOUND_MS);
  });

  it("parses a line of 50,000 `[` quickly (was 4.5 s)", () => {
    expect(elapsed(() => parseInline("[".repeat(50_000)))).toBeLessThan(BOUND_MS);
  });

  it("tidies a text part with a long run of spaces quickly (was 3 s)", () => {
    const text = `${" ".repeat(60_000)}x`;
    expect(elapsed(() => expect(tidyPlainText(text)).toBe("x"))).toBeLessThan(BOUND_MS);
  });

  it("adds preview text to HTML full of unclosed `<body` quickly (was 3.8 s)", () => {
    const html = "<body".repeat(30_000);
    expect(elapsed(() => withPreviewText(html, "Hi"))).toBeLessThan(BOUND_MS);
  });

  it("checks attachment base64 ending in a long run of spaces quickly (was 3 s)", () => {
    const input = {
      from: "a@mail.test",
      to: "b@example.com",
      subject: "s",
      html: "<p>x</p>",
      attachments: [{ filename: "a.txt", content: `QUJD${" ".repeat(50_000)}!` }],
    };
    let ok: boolean | undefined;
    expect(elapsed(() => (ok = SendEmailInput.safeParse(input).success))).toBeLessThan(BOUND_MS);
    expect(ok).toBe(false);
  });

  it("keeps what the scanners accept on normal input", () => {
    expect(parseMailbox('  "Ann Lee"  <Ann@Example.COM> ')).toEqual({
      name: "Ann Lee",
      address: "ann@example.com",
      domain: "example.com",
    });
    expect(parseMailbox("Ann <a@b.co> x")).toBeNull();
    expect(tidyPlainText("a  \t\nb\n\n\n\nc  ")).toBe("a\nb\n\nc");
    expect(withPreviewText('<html><BODY class="x"><p>1</p>', "Hi")).toMatch(
      /^<html><BODY class="x"><div style="display:none[^>]*>Hi<\/div><p>1<\/p>$/,
    );
    const base64 = { filename: "a", content: "QUJD\nRA==\n" };
    const send = { from: "a@mail.test", to: "b@example.com", subject: "s", html: "x" };
    expect(SendEmailInput.safeParse({ ...send, attachments: [base64] }).success).toBe(true);
  });
});

describe("bounded rendering", () => {
  it("refuses to fill a large value into every placeholder (422, not gigabytes)", async () => {
    const source = "<p>{{a}}</p>".repeat(10_000);
    const render = renderTemplate({ subject: "s", format: "html", source }, { a: "x".repeat(1e5) });
    await expect(render).rejects.toMatchObject({
      status: 422,
      details: [{ path: "variables", message: expect.stringContaining("1,000,000 characters") }],
    });
  });

  it("gives HTML nested deeper than the parser can take in time no text part", async () => {
    const source = `${"<span>".repeat(100_000)}x`;
    const start = performance.now();
    const rendered = await renderTemplate({ subject: "s", format: "html", source });
    expect(performance.now() - start).toBeLessThan(1000); // was 3.7 s
    expect(rendered.text).toBe("");
  });
});

describe("length caps on automation steps", () => {
  it("refuses a 101-character pointer and a 1001-character branch value", () => {
    const delay = { type: "delay", delayMinutes: 5, next: "x".repeat(101) };
    expect(StepInput.safeParse(delay).success).toBe(false);
    const branch = (value: unknown) => ({
      type: "branch",
      branchCondition: { field: "name", operator: "equals", value },
    });
    expect(StepInput.safeParse(branch("x".repeat(1000))).success).toBe(true);
    expect(StepInput.safeParse(branch("x".repeat(1001))).success).toBe(false);
  });
});
