import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The dashboard's loading skeletons, checked on the file tree: every page that loads data shows
 * one while it loads, and none sits above a page with a dynamic segment, where it would stream a
 * 200 before the page can answer 404 for an unknown id (list pages keep theirs in a `(list)`
 * route group beside their `[id]` pages).
 */
const dashboard = path.resolve(import.meta.dirname, "../../../app/(dashboard)");

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pages(full);
    return entry.name === "page.tsx" ? [path.relative(dashboard, dir)] : [];
  });
}

/** The page's own directory and each ancestor up to the dashboard group, nearest first. */
function ancestry(dir: string): string[] {
  const parts = dir ? dir.split(path.sep) : [];
  return parts.map((_, i) => parts.slice(0, parts.length - i).join(path.sep)).concat("");
}

const hasLoading = (dir: string) => existsSync(path.join(dashboard, dir, "loading.tsx"));
const all = pages(dashboard);
// Pages that only redirect render nothing to wait for.
const REDIRECTS = new Set(["settings"]);

describe("dashboard loading boundaries", () => {
  it("no loading.tsx above a page with a dynamic segment", () => {
    const dynamic = all.filter((dir) => dir.includes("["));
    const offending = dynamic.flatMap((dir) =>
      ancestry(dir)
        .filter(hasLoading)
        .map((boundary) => `${boundary || "(dashboard)"}/loading.tsx above ${dir}`),
    );
    expect(dynamic.length).toBeGreaterThan(5);
    expect(offending).toEqual([]);
  });

  it("every other page shows a skeleton while it loads", () => {
    const fixed = all.filter((dir) => !dir.includes("[") && !REDIRECTS.has(dir));
    const bare = fixed.filter((dir) => !ancestry(dir).some(hasLoading));
    expect(fixed.length).toBeGreaterThan(10);
    expect(bare).toEqual([]);
  });
});
