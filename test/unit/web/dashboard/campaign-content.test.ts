import { describe, expect, it } from "vitest";
import {
  contentFields,
  contentValue,
  withContentValue,
} from "@/lib/web/dashboard/campaign-content";
import { SYSTEM_TEMPLATES } from "@/lib/templates/gallery";
import { serializeBlocks } from "@/lib/templates/blocks";
import { listTemplateVariables } from "@/lib/templates/inspect";
import { underlay } from "@/lib/templates/contact-variables";

describe("contentFields", () => {
  it("offers the placeholders a campaign fills, not contact or pipeline ones", () => {
    const fields = contentFields([
      { name: "first_name", fallback: "there" },
      { name: "email" },
      { name: "headline" },
      { name: "intro" },
      { name: "data.issue_title", fallback: "This month" },
      { name: "unsubscribe_url" },
      { name: "postal_address" },
      { name: "project_name" },
      { name: "event.amount" },
    ]);
    expect(fields.map((f) => f.path)).toEqual(["headline", "intro", "data.issue_title"]);
    expect(fields[0]).toMatchObject({ label: "Headline", multiline: false });
    expect(fields[1]).toMatchObject({ label: "Intro", multiline: true });
    expect(fields[2]).toMatchObject({
      label: "Issue title",
      fallback: "This month",
      placeholder: "This month",
    });
  });

  it("gives the newsletter digest its issue and story fields, long ones multi-line", () => {
    const digest = SYSTEM_TEMPLATES.find((t) => t.id === "tpl_system_newsletter_digest")!;
    const fields = contentFields(
      listTemplateVariables({
        subject: digest.subject,
        source: serializeBlocks({ blocks: digest.blocks }),
        format: "blocks",
      }),
    );
    const paths = fields.map((f) => f.path);
    expect(paths).toContain("data.issue_title");
    expect(paths).toContain("data.story1_title");
    expect(paths).not.toContain("first_name");
    expect(fields.find((f) => f.path === "data.story1_summary")!.multiline).toBe(true);
  });
});

describe("campaign variable values", () => {
  it("sets and reads nested paths without mutating, and empty removes", () => {
    const start = { headline: "Hi" };
    const next = withContentValue(start, "data.issue_title", "June");
    expect(start).toEqual({ headline: "Hi" });
    expect(next).toEqual({ headline: "Hi", data: { issue_title: "June" } });
    expect(contentValue(next, "data.issue_title")).toBe("June");
    expect(contentValue({ n: 3 }, "n")).toBe("3");
    expect(contentValue({ o: { a: 1 } }, "o")).toBe("");
    expect(withContentValue(next, "data.issue_title", "")).toEqual({ headline: "Hi" });
    expect(withContentValue(next, "headline", "")).toEqual({ data: { issue_title: "June" } });
  });
});

describe("underlay (campaign values under a contact's)", () => {
  it("merges nested objects and lets the contact's own values win", () => {
    const merged = underlay(
      { headline: "All", data: { issue_title: "June", plan: "Free" }, first_name: "friend" },
      { first_name: "", data: { plan: "Pro" }, email: "a@example.com" },
    );
    expect(merged).toEqual({
      headline: "All",
      first_name: "friend", // an empty contact value does not hide the default
      data: { issue_title: "June", plan: "Pro" },
      email: "a@example.com",
    });
  });

  it("ignores a __proto__ key", () => {
    const merged = underlay({}, JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });
});
