import { describe, expect, it } from "vitest";
import type { Step } from "@/components/automations/builder/graph";
import {
  BRANCH_HANDLE_OFFSET,
  COLUMN_GAP,
  END_WIDTH,
  immediatePostDominators,
  LANE_WIDTH,
  layoutFlow,
  ROW_GAP,
  STEP_HEIGHT,
  STEP_WIDTH,
  type FlowLayout,
} from "@/components/automations/builder/layout";
import { readGraph } from "@/components/automations/builder/graph";
import { routeEdge } from "@/components/automations/builder/route";

const ROW = STEP_HEIGHT + ROW_GAP;
const delay = (id: string, extra: Partial<Step> = {}): Step => ({
  id,
  type: "delay",
  delayMinutes: 60,
  ...extra,
});
const branch = (id: string, nextTrue: string | null, nextFalse: string | null): Step => ({
  id,
  type: "branch",
  branchCondition: { field: "data.plan", operator: "equals", value: "pro" },
  nextTrue,
  nextFalse,
});

/** Center x and row of every node, by node id. */
function positions(layout: FlowLayout): Record<string, { cx: number; row: number }> {
  return Object.fromEntries(
    layout.nodes.map((n) => [n.id, { cx: n.x + n.width / 2, row: n.y / ROW }]),
  );
}
/** The same, as a lookup that fails loudly on a missing node. */
function grid(layout: FlowLayout) {
  const all = positions(layout);
  return (id: string) => {
    const found = all[id];
    if (!found) throw new Error(`no node ${id}`);
    return found;
  };
}
const edge = (layout: FlowLayout, source: string, handle = "out") =>
  layout.edges.find((e) => e.source === source && e.sourceHandle === handle)!;

describe("layoutFlow", () => {
  it("an empty flow is the trigger and an End, with a place to add the first step", () => {
    const layout = layoutFlow([]);
    expect(layout.nodes.map((n) => n.id)).toEqual(["trigger", "end:trigger:next"]);
    expect(grid(layout)("end:trigger:next")).toEqual({ cx: 0, row: 1 });
    expect(layout.edges).toEqual([
      {
        id: "trigger:next",
        source: "trigger",
        sourceHandle: "out",
        target: "end:trigger:next",
        laneX: 0,
        insert: { after: null, handle: "next", before: null },
      },
    ]);
  });

  it("a straight flow is one column, one row per step, ending in End", () => {
    const layout = layoutFlow([delay("a"), delay("b"), delay("c")]);
    expect(positions(layout)).toEqual({
      trigger: { cx: 0, row: 0 },
      "step:a": { cx: 0, row: 1 },
      "step:b": { cx: 0, row: 2 },
      "step:c": { cx: 0, row: 3 },
      "end:step:c:next": { cx: 0, row: 4 },
    });
    expect(layout.edges.map((e) => [e.source, e.target, e.insert.after, e.insert.before])).toEqual([
      ["trigger", "step:a", null, "a"],
      ["step:a", "step:b", "a", "b"],
      ["step:b", "step:c", "b", "c"],
      ["step:c", "end:step:c:next", "c", null],
    ]);
    expect(layout.nodes.find((n) => n.id === "step:a")).toMatchObject({
      x: -STEP_WIDTH / 2,
      y: ROW,
      width: STEP_WIDTH,
      height: STEP_HEIGHT,
    });
    expect(layout.nodes.find((n) => n.kind === "end")!.width).toBe(END_WIDTH);
  });

  it("next: null ends a path early and its End sits right under it", () => {
    const layout = layoutFlow([delay("a", { next: null }), delay("b")]);
    expect(layout.nodes.map((n) => n.id)).toEqual(["trigger", "step:a", "end:step:a:next"]);
    expect(layout.unreachable).toEqual(["b"]);
  });

  it("a branch whose paths never meet: both paths side by side, each with its own End", () => {
    // yes → y1 → y2 → end, no → n1 → end
    const steps = [branch("b", "y1", "n1"), delay("y1"), delay("y2", { next: null }), delay("n1")];
    const layout = layoutFlow(steps);
    const g = grid(layout);
    const armOffset = COLUMN_GAP / 2 + STEP_WIDTH / 2;
    expect(g("step:b")).toEqual({ cx: 0, row: 1 });
    expect(g("step:y1")).toEqual({ cx: -armOffset, row: 2 });
    expect(g("step:y2")).toEqual({ cx: -armOffset, row: 3 });
    expect(g("end:step:y2:next")).toEqual({ cx: -armOffset, row: 4 });
    expect(g("step:n1")).toEqual({ cx: armOffset, row: 2 });
    expect(g("end:step:n1:next")).toEqual({ cx: armOffset, row: 3 });
    // The split edges leave from the Yes/No handles and run down their path's column.
    expect(edge(layout, "step:b", "yes")).toMatchObject({
      target: "step:y1",
      laneX: -armOffset,
      insert: { after: "b", handle: "yes", before: "y1" },
    });
    expect(edge(layout, "step:b", "no")).toMatchObject({
      target: "step:n1",
      laneX: armOffset,
      insert: { after: "b", handle: "no", before: "n1" },
    });
    expect(layout.nodes.filter((n) => n.kind === "end")).toHaveLength(2);
  });

  it("paths that meet again continue centered under the branch, below the longer path", () => {
    // yes → y1 → y2 → j; no → j (empty path) ; j → end
    const steps = [branch("b", "y1", "j"), delay("y1"), delay("y2"), delay("j")];
    const layout = layoutFlow(steps);
    const g = grid(layout);
    expect(g("step:j")).toEqual({ cx: 0, row: 4 });
    expect(g("step:y1").row).toBe(2);
    expect(g("step:y1").cx).toBe(-(COLUMN_GAP / 2 + STEP_WIDTH / 2));
    // The empty No path keeps a lane of its own to the right, so its "+" has room.
    const no = edge(layout, "step:b", "no");
    expect(no).toMatchObject({ target: "step:j", laneX: COLUMN_GAP / 2 + LANE_WIDTH / 2 });
    expect(no.insert).toEqual({ after: "b", handle: "no", before: "j" });
    // The Yes path's last step merges into the join from its own column.
    expect(edge(layout, "step:y2")).toMatchObject({ target: "step:j", laneX: g("step:y2").cx });
    expect(layout.nodes.filter((n) => n.kind === "end").map((n) => n.id)).toEqual([
      "end:step:j:next",
    ]);
  });

  it("a new branch with both paths straight to the next step is a diamond of two lanes", () => {
    const layout = layoutFlow([delay("a"), branch("b", "c", "c"), delay("c")]);
    const g = grid(layout);
    expect(g("step:c")).toEqual({ cx: 0, row: 3 });
    expect(edge(layout, "step:b", "yes").laneX).toBe(-(COLUMN_GAP / 2 + LANE_WIDTH / 2));
    expect(edge(layout, "step:b", "no").laneX).toBe(COLUMN_GAP / 2 + LANE_WIDTH / 2);
  });

  it("omitted branch pointers fall through to the following step", () => {
    const steps: Step[] = [
      { id: "b", type: "branch", branchCondition: { field: "email", operator: "exists" } },
      delay("x"),
    ];
    const layout = layoutFlow(steps);
    expect(edge(layout, "step:b", "yes").target).toBe("step:x");
    expect(edge(layout, "step:b", "no").target).toBe("step:x");
  });

  it("nested branches get room for all their paths and nothing overlaps", () => {
    const steps = [
      branch("b1", "b2", "n1"),
      branch("b2", "y1", "y2"),
      delay("y1", { next: null }),
      delay("y2", { next: null }),
      delay("n1"),
    ];
    const layout = layoutFlow(steps);
    expectNoOverlap(layout);
    const g = grid(layout);
    expect(g("step:b2").cx).toBeLessThan(0);
    expect(g("step:n1").cx).toBeGreaterThan(0);
    expect(g("step:y1").cx).toBeLessThan(g("step:b2").cx);
    expect(g("step:y2").cx).toBeGreaterThan(g("step:b2").cx);
    // The No path of the outer branch clears the inner branch's No path.
    expect(g("step:n1").cx - STEP_WIDTH / 2).toBeGreaterThan(g("step:y2").cx + STEP_WIDTH / 2);
  });

  it("a path jumping into another path's middle is an edge to where that step already is", () => {
    // b1: yes → b2, no → x. b2: yes → y → z, no → x → z. x is reached from two branches.
    const steps = [
      branch("b1", "b2", "x"),
      branch("b2", "y", "x"),
      delay("y", { next: "z" }),
      delay("x"),
      delay("z"),
    ];
    const layout = layoutFlow(steps);
    expect(layout.nodes.filter((n) => n.kind === "step")).toHaveLength(5);
    expect(edge(layout, "step:b1", "no").target).toBe("step:x");
    expectNoOverlap(layout);
    // Every edge goes down.
    const byId = new Map(layout.nodes.map((n) => [n.id, n]));
    for (const e of layout.edges)
      expect(byId.get(e.target)!.y).toBeGreaterThan(byId.get(e.source)!.y);
  });

  it("a taller card (for live counts) spaces the rows further apart", () => {
    const layout = layoutFlow([delay("a")], { stepHeight: 100 });
    expect(layout.nodes.find((n) => n.id === "step:a")).toMatchObject({
      y: 100 + ROW_GAP,
      height: 100,
    });
  });
});

describe("immediatePostDominators", () => {
  it("finds where a branch's paths meet, or null when they only end", () => {
    const joins = immediatePostDominators(
      readGraph([
        branch("b", "y", "j"),
        delay("y"),
        delay("j"),
        branch("c", "d", null),
        delay("d"),
      ]),
    );
    expect(joins.get("b")).toBe("j");
    expect(joins.get("y")).toBe("j");
    expect(joins.get("c")).toBeNull();
  });
});

describe("routeEdge", () => {
  it("is a straight line within a column, the + halfway", () => {
    expect(routeEdge({ x: 0, y: 100 }, { x: 0, y: 172 }, 0)).toEqual({
      path: "M 0 100 L 0 172",
      labelX: 0,
      labelY: 136,
    });
  });

  it("a split turns under the source and runs down the target's column", () => {
    const route = routeEdge({ x: -BRANCH_HANDLE_OFFSET, y: 100 }, { x: -152, y: 172 }, -152);
    expect(route.labelX).toBe(-152);
    expect(route.labelY).toBe((118 + 172) / 2);
    expect(route.path.startsWith(`M ${-BRANCH_HANDLE_OFFSET} 100`)).toBe(true);
    expect(route.path.endsWith("L -152 172")).toBe(true);
  });

  it("a merge runs down the source's column and turns just above the target", () => {
    const route = routeEdge({ x: -152, y: 100 }, { x: 0, y: 400 }, -152);
    expect(route).toMatchObject({ labelX: -152, labelY: (100 + 382) / 2 });
    expect(route.path.endsWith("L 0 400")).toBe(true);
  });
});

function expectNoOverlap(layout: FlowLayout) {
  const boxes = layout.nodes;
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const apart =
        a.x + a.width <= b.x ||
        b.x + b.width <= a.x ||
        a.y + a.height <= b.y ||
        b.y + b.height <= a.y;
      expect(apart, `${a.id} overlaps ${b.id}`).toBe(true);
    }
  }
}
