import { describe, expect, it } from "vitest";
import {
  insertStep,
  normalizeSteps,
  readGraph,
  removeStep,
  removeUnreachable,
  stepsRemovedWith,
  unreachableSteps,
  type Step,
} from "@/components/automations/builder/graph";
import { parseUpdateAutomation } from "@/lib/automations/schemas";
import { pointerAfter, successorOf } from "@/lib/automations/pointers";

const delay = (id: string, extra: Partial<Step> = {}): Step => ({
  id,
  type: "delay",
  delayMinutes: 60,
  ...extra,
});
const branch = (id: string, extra: Partial<Step> = {}): Step => ({
  id,
  type: "branch",
  branchCondition: { field: "email", operator: "exists" },
  ...extra,
});

/**
 * Every path a run can take, as the executor would walk it (lib/automations/pointers.ts), with
 * the steps stored through the API's own parser: what the builder writes is what runs.
 */
function runPaths(steps: Step[]): string[] {
  const stored = parseUpdateAutomation({ steps }).steps as Step[];
  const paths: string[] = [];
  const walk = (index: number, path: string[]) => {
    const step = stored[index];
    if (!step) return void paths.push(path.join(" > ") || "(nothing)");
    const here = [...path, step.id];
    const outcomes = step.type === "branch" ? [true, false] : [undefined];
    for (const outcome of outcomes) {
      const target = successorOf(stored, index, pointerAfter(step, outcome));
      const next = target === null ? -1 : stored.findIndex((s) => s.id === target);
      if (next < 0) paths.push(here.join(" > "));
      else walk(next, here);
    }
  };
  walk(0, []);
  return paths;
}

describe("normalizeSteps", () => {
  it("writes next only where it differs from falling through, and branch paths always", () => {
    const steps = [branch("b"), delay("a", { next: "c" }), delay("x", { next: null }), delay("c")];
    expect(normalizeSteps(steps)).toEqual([
      { ...branch("b"), nextTrue: "a", nextFalse: "a" },
      // x is unreachable: it moves last, so c now ends explicitly and a falls through to c.
      delay("a"),
      delay("c", { next: null }),
      delay("x"),
    ]);
  });

  it("drops backward and dangling pointers like the API does", () => {
    const graph = readGraph([delay("a"), delay("b", { next: "a" }), delay("c", { next: "zz" })]);
    expect(graph.successors.get("b")).toEqual({ kind: "next", next: "c" });
    expect(graph.successors.get("c")).toEqual({ kind: "next", next: null });
  });

  it("keeps what runs do", () => {
    const steps = [
      branch("b", { nextTrue: "y", nextFalse: "n" }),
      delay("y", { next: "j" }),
      delay("n"),
      delay("j"),
    ];
    expect(runPaths(normalizeSteps(steps))).toEqual(runPaths(steps));
  });
});

describe("insertStep", () => {
  it("adds the first step of an empty flow", () => {
    expect(insertStep([], { after: null, handle: "next", before: null }, delay("a"))).toEqual([
      delay("a"),
    ]);
  });

  it("inserts before the first step from the trigger edge", () => {
    const steps = insertStep(
      [delay("a")],
      { after: null, handle: "next", before: "a" },
      delay("n"),
    );
    expect(steps.map((s) => s.id)).toEqual(["n", "a"]);
    expect(runPaths(steps)).toEqual(["n > a"]);
  });

  it("inserts between two steps and at the end", () => {
    let steps = [delay("a"), delay("b")];
    steps = insertStep(steps, { after: "a", handle: "next", before: "b" }, delay("m"));
    steps = insertStep(steps, { after: "b", handle: "next", before: null }, delay("z"));
    expect(runPaths(steps)).toEqual(["a > m > b > z"]);
    expect(steps.every((s) => !("next" in s))).toBe(true);
  });

  it("a new branch keeps the flow: both paths continue to what followed", () => {
    const steps = insertStep(
      [delay("a"), delay("c")],
      { after: "a", handle: "next", before: "c" },
      branch("b"),
    );
    expect(runPaths(steps)).toEqual(["a > b > c", "a > b > c"]);
  });

  it("inserts on one path of a branch only", () => {
    let steps = [delay("a"), { ...branch("b"), nextTrue: "c", nextFalse: "c" }, delay("c")];
    steps = insertStep(steps, { after: "b", handle: "yes", before: "c" }, delay("y"));
    steps = insertStep(steps, { after: "b", handle: "no", before: "c" }, delay("n"));
    steps = insertStep(steps, { after: "n", handle: "next", before: "c" }, delay("n2"));
    expect(runPaths(steps)).toEqual(["a > b > y > c", "a > b > n > n2 > c"]);
  });

  it("inserts on a path that ends, keeping it ended", () => {
    let steps = [{ ...branch("b"), nextTrue: "c", nextFalse: null }, delay("c")];
    steps = insertStep(steps, { after: "b", handle: "no", before: null }, delay("n"));
    expect(runPaths(steps)).toEqual(["b > c", "b > n"]);
  });
});

describe("removeStep", () => {
  it("re-points whatever led to the step at its successor", () => {
    const steps = [{ ...branch("b"), nextTrue: "x", nextFalse: "c" }, delay("x"), delay("c")];
    expect(runPaths(removeStep(steps, "x"))).toEqual(["b > c", "b > c"]);
  });

  it("removing the first step makes its successor the first", () => {
    const steps = [delay("a", { next: "c" }), delay("b", { next: null }), delay("c")];
    const result = removeStep(steps, "a");
    expect(result[0]!.id).toBe("c");
    expect(runPaths(result)).toEqual(["c"]);
  });

  it("removing a step that ended a path ends the path before it", () => {
    const steps = [delay("a"), delay("b", { next: null }), delay("c")];
    expect(runPaths(removeStep(steps, "b"))).toEqual(["a"]);
  });

  it("removing a branch keeps one path and removes the steps only the other reached", () => {
    const steps = [
      delay("a"),
      { ...branch("b"), nextTrue: "y", nextFalse: "n" },
      delay("y", { next: "j" }),
      delay("n"),
      delay("j"),
    ];
    expect(stepsRemovedWith(steps, "b", "yes")).toEqual(["n"]);
    expect(runPaths(removeStep(steps, "b", "yes"))).toEqual(["a > y > j"]);
    expect(stepsRemovedWith(steps, "b", "no")).toEqual(["y"]);
    expect(runPaths(removeStep(steps, "b", "no"))).toEqual(["a > n > j"]);
  });

  it("ignores an unknown id", () => {
    expect(removeStep([delay("a")], "zz")).toEqual([delay("a")]);
  });
});

describe("unreachable steps", () => {
  it("are listed and can be removed", () => {
    const steps = [delay("a", { next: null }), delay("b"), delay("c")];
    expect(unreachableSteps(steps)).toEqual(["b", "c"]);
    expect(removeUnreachable(steps)).toEqual([delay("a")]);
  });
});
