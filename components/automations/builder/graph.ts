import type { AutomationStepRecord } from "@/db/schema";

/**
 * The automation's steps as a graph, for the builder. Steps are stored as an ordered array with
 * pointers (SPEC pointer rules): an omitted pointer falls through to the following step, `null`
 * ends the run, an id jumps forward; a backward or dangling pointer counts as omitted. A branch
 * follows `nextTrue`/`nextFalse` the same way and ignores `next` (lib/automations/pointers.ts).
 *
 * Edits work on explicit successors and are written back compactly: `next` only where it differs
 * from falling through, branch arms always spelled out.
 */
export type Step = AutomationStepRecord;
/** A step id, or null for "the run ends here". */
export type Target = string | null;
export type Successors =
  { kind: "next"; next: Target } | { kind: "branch"; yes: Target; no: Target };
export type Handle = "next" | "yes" | "no";

export type FlowGraph = {
  /** Where runs start: the first step, or null when there are none. */
  entry: Target;
  /** Step ids in stored order; every successor comes later in it. */
  order: string[];
  steps: Map<string, Step>;
  successors: Map<string, Successors>;
};

const POINTER_KEYS = ["next", "nextTrue", "nextFalse"] as const;

/** Where a pointer at `index` leads, by the stored pointer rules. */
export function pointerTarget(steps: readonly Step[], index: number, pointer: unknown): Target {
  if (pointer === null) return null;
  if (typeof pointer === "string") {
    const target = steps.findIndex((s) => s.id === pointer);
    if (target > index) return pointer;
  }
  return steps[index + 1]?.id ?? null;
}

export function readGraph(steps: readonly Step[]): FlowGraph {
  const successors = new Map<string, Successors>();
  const byId = new Map<string, Step>();
  steps.forEach((step, index) => {
    byId.set(step.id, withoutPointers(step));
    successors.set(
      step.id,
      step.type === "branch"
        ? {
            kind: "branch",
            yes: pointerTarget(steps, index, step.nextTrue),
            no: pointerTarget(steps, index, step.nextFalse),
          }
        : { kind: "next", next: pointerTarget(steps, index, step.next) },
    );
  });
  return { entry: steps[0]?.id ?? null, order: steps.map((s) => s.id), steps: byId, successors };
}

function withoutPointers(step: Step): Step {
  const copy: Record<string, unknown> = { ...step };
  for (const key of POINTER_KEYS) delete copy[key];
  return copy as Step;
}

export function targetsOf(successors: Successors): Target[] {
  return successors.kind === "branch" ? [successors.yes, successors.no] : [successors.next];
}

/** Steps a run can reach from the trigger. */
export function reachable(graph: FlowGraph): Set<string> {
  const seen = new Set<string>();
  const stack: Target[] = [graph.entry];
  while (stack.length > 0) {
    const id = stack.pop();
    if (id == null || seen.has(id) || !graph.successors.has(id)) continue;
    seen.add(id);
    stack.push(...targetsOf(graph.successors.get(id)!));
  }
  return seen;
}

/**
 * Back to the stored array. Reachable steps keep their order (so the entry stays first and every
 * pointer stays forward); steps no run can reach go last, where they cannot catch a fall-through.
 */
export function writeGraph(graph: FlowGraph): Step[] {
  const live = reachable(graph);
  const order = [
    ...graph.order.filter((id) => live.has(id)),
    ...graph.order.filter((id) => !live.has(id)),
  ];
  return order.map((id, index) => {
    const step = { ...graph.steps.get(id)! } as Record<string, unknown>;
    const successors = graph.successors.get(id)!;
    if (successors.kind === "branch") {
      step.nextTrue = successors.yes;
      step.nextFalse = successors.no;
    } else if (successors.next !== (order[index + 1] ?? null)) {
      step.next = successors.next;
    }
    return step as Step;
  });
}

/** The same automation in the builder's canonical stored form. */
export function normalizeSteps(steps: readonly Step[]): Step[] {
  return writeGraph(readGraph(steps));
}

/** An edge of the flow where a step can be inserted: after `after` (null = the trigger). */
export type InsertPoint = { after: string | null; handle: Handle; before: Target };

/**
 * Inserts `step` on an edge. A new branch keeps the flow as it was: both of its paths continue
 * to what followed, until steps are added on either path.
 */
export function insertStep(steps: readonly Step[], at: InsertPoint, step: Step): Step[] {
  const graph = readGraph(steps);
  const fresh = withoutPointers(step);
  graph.steps.set(fresh.id, fresh);
  graph.successors.set(
    fresh.id,
    fresh.type === "branch"
      ? { kind: "branch", yes: at.before, no: at.before }
      : { kind: "next", next: at.before },
  );
  if (at.after === null) {
    graph.order.unshift(fresh.id);
    graph.entry = fresh.id;
  } else {
    const index = graph.order.indexOf(at.after);
    if (index < 0) throw new Error(`No step ${at.after}`);
    graph.order.splice(index + 1, 0, fresh.id);
    repoint(graph, at.after, at.handle, fresh.id);
  }
  return writeGraph(graph);
}

function repoint(graph: FlowGraph, id: string, handle: Handle, target: Target) {
  const current = graph.successors.get(id)!;
  if (current.kind === "branch") {
    graph.successors.set(id, { ...current, [handle === "no" ? "no" : "yes"]: target });
  } else {
    graph.successors.set(id, { kind: "next", next: target });
  }
}

/**
 * Removes a step; whatever led to it now leads to its successor. A branch keeps one path
 * (`keep`), and the steps only the other path reached are removed with it.
 */
export function removeStep(steps: readonly Step[], id: string, keep: "yes" | "no" = "yes"): Step[] {
  const graph = readGraph(steps);
  const successors = graph.successors.get(id);
  if (!successors) return [...steps];
  const before = reachable(graph);
  const successor = successors.kind === "branch" ? successors[keep] : successors.next;
  if (graph.entry === id) graph.entry = successor;
  for (const [otherId, other] of graph.successors) {
    if (other.kind === "branch") {
      graph.successors.set(otherId, {
        kind: "branch",
        yes: other.yes === id ? successor : other.yes,
        no: other.no === id ? successor : other.no,
      });
    } else if (other.next === id) {
      graph.successors.set(otherId, { kind: "next", next: successor });
    }
  }
  dropStep(graph, id);
  if (successors.kind === "branch") {
    const after = reachable(graph);
    for (const lost of [...before].filter((s) => s !== id && !after.has(s))) dropStep(graph, lost);
  }
  // writeGraph puts the reachable steps first, so the new entry becomes the first step.
  return writeGraph(graph);
}

function dropStep(graph: FlowGraph, id: string) {
  graph.steps.delete(id);
  graph.successors.delete(id);
  graph.order = graph.order.filter((s) => s !== id);
}

/** The steps that removing branch `id` and keeping `keep` would remove besides the branch. */
export function stepsRemovedWith(steps: readonly Step[], id: string, keep: "yes" | "no") {
  const before = new Set(steps.map((s) => s.id));
  const after = new Set(removeStep(steps, id, keep).map((s) => s.id));
  return [...before].filter((s) => s !== id && !after.has(s));
}

/** Removes the steps no run can reach (they can only come from the API). */
export function removeUnreachable(steps: readonly Step[]): Step[] {
  const live = reachable(readGraph(steps));
  return normalizeSteps(steps.filter((s) => live.has(s.id)));
}

export function unreachableSteps(steps: readonly Step[]): string[] {
  const live = reachable(readGraph(steps));
  return steps.filter((s) => !live.has(s.id)).map((s) => s.id);
}
