import {
  readGraph,
  reachable,
  targetsOf,
  type FlowGraph,
  type Handle,
  type InsertPoint,
  type Step,
  type Target,
} from "./graph";

/**
 * Top-down layout of a flow: the trigger on top, each step below the ones that lead to it.
 *
 * Columns come from the flow's structure: a branch's two paths are laid out side by side, and
 * where they meet again (the branch's immediate post-dominator) the flow continues centered
 * under the branch. Rows come from the longest path from the trigger, so every edge points down.
 * A path that ends gets its own End marker under its last step. Odd graphs that are not nested
 * this way (a path jumping into the middle of another) still get every step once; the jump is
 * drawn as an edge to wherever that step was placed.
 */
export const STEP_WIDTH = 272;
export const STEP_HEIGHT = 76;
export const END_WIDTH = 72;
export const END_HEIGHT = 28;
/** Room for an empty path between a branch and where its paths meet. */
export const LANE_WIDTH = 72;
export const COLUMN_GAP = 32;
export const ROW_GAP = 72;
/** Branch handles sit this far left (Yes) and right (No) of the card's center. */
export const BRANCH_HANDLE_OFFSET = 84;

export type LayoutNode = {
  id: string;
  kind: "trigger" | "step" | "end";
  /** For step nodes. */
  stepId?: string;
  /** Top-left corner, as React Flow positions nodes. */
  x: number;
  y: number;
  width: number;
  height: number;
};

export type SourceHandle = "out" | "yes" | "no";

export type LayoutEdge = {
  id: string;
  source: string;
  sourceHandle: SourceHandle;
  target: string;
  /** The x of the edge's vertical run (where its "+" button sits). */
  laneX: number;
  /** What inserting a step on this edge means. */
  insert: InsertPoint;
};

export type FlowLayout = {
  nodes: LayoutNode[];
  edges: LayoutEdge[];
  /** Steps no run can reach (only the API can make them); not drawn. */
  unreachable: string[];
};

export const TRIGGER_NODE_ID = "trigger";
export const stepNodeId = (stepId: string) => `step:${stepId}`;

type Source = { nodeId: string; stepId: string | null; handle: Handle };
type Elem =
  | { kind: "step"; stepId: string }
  | { kind: "end"; nodeId: string; sourceStep: string | null }
  | { kind: "branch"; stepId: string; yes: Seq; no: Seq };
type PendingEdge = Omit<LayoutEdge, "laneX">;
/** One column of the layout: elements stacked top-down, and the edges drawn in its lane. */
type Seq = { elems: Elem[]; edges: PendingEdge[] };
type Extent = { left: number; right: number };

export function layoutFlow(
  steps: readonly Step[],
  options: { stepHeight?: number } = {},
): FlowLayout {
  const stepHeight = options.stepHeight ?? STEP_HEIGHT;
  const graph = readGraph(steps);
  const live = reachable(graph);
  const root = buildColumns(graph);

  const centers = new Map<string, number>();
  const edges: LayoutEdge[] = [];
  place(root, 0, centers, edges);

  const ranks = rankSteps(graph, live);
  const rowHeight = stepHeight + ROW_GAP;
  const nodes: LayoutNode[] = [
    {
      id: TRIGGER_NODE_ID,
      kind: "trigger",
      x: -STEP_WIDTH / 2,
      y: 0,
      width: STEP_WIDTH,
      height: stepHeight,
    },
  ];
  for (const id of graph.order) {
    if (!live.has(id)) continue;
    nodes.push({
      id: stepNodeId(id),
      kind: "step",
      stepId: id,
      x: centers.get(stepNodeId(id))! - STEP_WIDTH / 2,
      y: ranks.get(id)! * rowHeight,
      width: STEP_WIDTH,
      height: stepHeight,
    });
  }
  for (const end of collectEnds(root)) {
    const rank = end.sourceStep === null ? 1 : ranks.get(end.sourceStep)! + 1;
    nodes.push({
      id: end.nodeId,
      kind: "end",
      x: centers.get(end.nodeId)! - END_WIDTH / 2,
      y: rank * rowHeight,
      width: END_WIDTH,
      height: END_HEIGHT,
    });
  }
  return { nodes, edges, unreachable: graph.order.filter((id) => !live.has(id)) };
}

/** Walks the flow from the trigger into nested columns (see the file comment). */
function buildColumns(graph: FlowGraph): Seq {
  const joins = immediatePostDominators(graph);
  const placed = new Set<string>();

  function walk(start: Target, stop: Target, from: Source): Seq {
    const seq: Seq = { elems: [], edges: [] };
    let current: Target = start;
    let source: Source | null = from;
    for (;;) {
      const link = (target: string) => {
        if (!source) return;
        seq.edges.push({
          id: `${source.nodeId}:${source.handle}`,
          source: source.nodeId,
          sourceHandle: source.handle === "next" ? "out" : source.handle,
          target,
          insert: { after: source.stepId, handle: source.handle, before: current },
        });
      };
      if (current === null) {
        const nodeId = `end:${source!.nodeId}:${source!.handle}`;
        link(nodeId);
        seq.elems.push({ kind: "end", nodeId, sourceStep: source!.stepId });
        return seq;
      }
      if (current === stop || placed.has(current)) {
        link(stepNodeId(current));
        return seq;
      }
      placed.add(current);
      const id: string = current;
      link(stepNodeId(id));
      const successors = graph.successors.get(id)!;
      if (successors.kind === "next") {
        seq.elems.push({ kind: "step", stepId: id });
        source = { nodeId: stepNodeId(id), stepId: id, handle: "next" };
        current = successors.next;
        continue;
      }
      const join = joins.get(id) ?? null;
      const yes = walk(successors.yes, join, { nodeId: stepNodeId(id), stepId: id, handle: "yes" });
      const no = walk(successors.no, join, { nodeId: stepNodeId(id), stepId: id, handle: "no" });
      seq.elems.push({ kind: "branch", stepId: id, yes, no });
      if (join === null || join === stop || placed.has(join)) return seq;
      // Both paths already link to the join: continue there without another edge.
      source = null;
      current = join;
    }
  }

  return walk(graph.entry, null, { nodeId: TRIGGER_NODE_ID, stepId: null, handle: "next" });
}

/**
 * For each step, the first step every path from it passes through (null: the paths only meet
 * at the end). Stored order is topological, so one backward pass suffices.
 */
export function immediatePostDominators(graph: FlowGraph): Map<string, Target> {
  const position = new Map(graph.order.map((id, index) => [id, index]));
  const dominators = new Map<string, Set<string>>();
  const result = new Map<string, Target>();
  for (const id of [...graph.order].reverse()) {
    const sets = targetsOf(graph.successors.get(id)!).map((target) =>
      target === null ? new Set<string>() : dominators.get(target)!,
    );
    const common = [...sets[0]!].filter((d) => sets.every((set) => set.has(d)));
    const nearest = common.sort((a, b) => position.get(a)! - position.get(b)!)[0];
    result.set(id, nearest ?? null);
    dominators.set(id, new Set([...common, id]));
  }
  return result;
}

/** Longest path from the trigger (rank 0): every edge goes at least one row down. */
function rankSteps(graph: FlowGraph, live: Set<string>): Map<string, number> {
  const ranks = new Map<string, number>();
  if (graph.entry !== null) ranks.set(graph.entry, 1);
  for (const id of graph.order) {
    if (!live.has(id)) continue;
    const rank = ranks.get(id) ?? 1;
    for (const target of targetsOf(graph.successors.get(id)!)) {
      if (target !== null) ranks.set(target, Math.max(ranks.get(target) ?? 0, rank + 1));
    }
  }
  return ranks;
}

const extents = new WeakMap<Seq, Extent>();

function measure(seq: Seq): Extent {
  const known = extents.get(seq);
  if (known) return known;
  let extent: Extent =
    seq.elems.length === 0
      ? { left: -LANE_WIDTH / 2, right: LANE_WIDTH / 2 }
      : { left: 0, right: 0 };
  for (const elem of seq.elems) {
    const half = elem.kind === "end" ? END_WIDTH / 2 : STEP_WIDTH / 2;
    extent = { left: Math.min(extent.left, -half), right: Math.max(extent.right, half) };
    if (elem.kind === "branch") {
      const { yes, no } = armOffsets(elem);
      const yesExtent = measure(elem.yes);
      const noExtent = measure(elem.no);
      extent = {
        left: Math.min(extent.left, yes + yesExtent.left, no + noExtent.left),
        right: Math.max(extent.right, yes + yesExtent.right, no + noExtent.right),
      };
    }
  }
  extents.set(seq, extent);
  return extent;
}

/** The two paths hug the center line, Yes to the left, No to the right. */
function armOffsets(branch: Extract<Elem, { kind: "branch" }>) {
  return {
    yes: -(COLUMN_GAP / 2 + measure(branch.yes).right),
    no: COLUMN_GAP / 2 - measure(branch.no).left,
  };
}

function place(seq: Seq, anchor: number, centers: Map<string, number>, edges: LayoutEdge[]) {
  for (const edge of seq.edges) edges.push({ ...edge, laneX: anchor });
  for (const elem of seq.elems) {
    if (elem.kind === "end") {
      centers.set(elem.nodeId, anchor);
      continue;
    }
    centers.set(stepNodeId(elem.stepId), anchor);
    if (elem.kind === "branch") {
      const offsets = armOffsets(elem);
      place(elem.yes, anchor + offsets.yes, centers, edges);
      place(elem.no, anchor + offsets.no, centers, edges);
    }
  }
}

function collectEnds(seq: Seq): Extract<Elem, { kind: "end" }>[] {
  return seq.elems.flatMap((elem) =>
    elem.kind === "end"
      ? [elem]
      : elem.kind === "branch"
        ? [...collectEnds(elem.yes), ...collectEnds(elem.no)]
        : [],
  );
}
