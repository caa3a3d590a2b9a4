"use client";

import "@xyflow/react/dist/style.css";
import {
  Background,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  Position,
  useReactFlow,
  type Edge,
  type Node,
  type NodeHandle,
} from "@xyflow/react";
import { useEffect, useMemo, useRef } from "react";
import { cn } from "../../ui/cn";
import {
  EndNode,
  StepNode,
  TriggerNode,
  type StepCounts,
  type StepNodeData,
  type TriggerNodeData,
} from "./flow-nodes";
import type { InsertPoint, Step } from "./graph";
import { InsertEdge, type InsertEdgeData } from "./insert-edge";
import { BRANCH_HANDLE_OFFSET, type FlowLayout, type LayoutNode } from "./layout";
import type { StepType } from "./steps-draft";
import { initialViewport } from "./viewport";

const nodeTypes = { trigger: TriggerNode, step: StepNode, end: EndNode };
const edgeTypes = { insert: InsertEdge };

export type Selection = { kind: "trigger" } | { kind: "step"; id: string } | null;

export type FlowCanvasProps = {
  layout: FlowLayout;
  steps: Map<string, Step>;
  numberOf: (stepId: string) => number;
  summaryOf: (step: Step) => string;
  trigger: {
    event: "contact.subscribed" | "event";
    summary: string;
    invalid: boolean;
    /** Contacts that ever entered, shown under the trigger with the live counts. */
    entered?: number;
  };
  /** Steps with a problem shown to the user (red), and ones not filled in yet (amber text). */
  invalidSteps: ReadonlySet<string>;
  incompleteSteps: ReadonlySet<string>;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  onInsert: (at: InsertPoint, type: StepType) => void;
  /** Per-step live counts; cards show them when given (lay out with room for them). */
  counts?: ReadonlyMap<string, StepCounts>;
  /** A step to bring into view (just inserted, or picked from the problems list). */
  focus?: { id: string; at: number } | null;
  className?: string;
};

/** The flow on a pannable, zoomable canvas; nodes stay where the layout puts them. */
export function FlowCanvas(props: FlowCanvasProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}

function Canvas(props: FlowCanvasProps) {
  const { layout, steps, selection, onSelect, onInsert } = props;
  const { numberOf, summaryOf, invalidSteps, incompleteSteps, counts } = props;
  const box = useRef<HTMLDivElement>(null);
  const flow = useReactFlow();

  const nodes = useMemo<Node[]>(
    () =>
      layout.nodes.map((n): Node => {
        const base = {
          id: n.id,
          position: { x: n.x, y: n.y },
          width: n.width,
          height: n.height,
          // Cards are buttons: React Flow turns pointer events off on nodes it does not select.
          style: {
            width: n.width,
            height: n.height,
            pointerEvents: (n.kind === "end" ? "none" : "all") as "none" | "all",
          },
          // Known sizes and handle spots: React Flow needs no DOM measuring to draw the edges, so
          // re-rendered nodes never drop their edges for a frame (which closed open "+" menus).
          measured: { width: n.width, height: n.height },
          handles: handlesOf(n, steps.get(n.stepId ?? "")?.type === "branch"),
          draggable: false,
          selectable: false,
          connectable: false,
        };
        if (n.kind === "trigger") {
          const data: TriggerNodeData = {
            ...props.trigger,
            selected: selection?.kind === "trigger",
            onSelect: () => onSelect({ kind: "trigger" }),
          };
          return { ...base, type: "trigger", data };
        }
        if (n.kind === "end") return { ...base, type: "end", data: {} };
        const step = steps.get(n.stepId!)!;
        const data: StepNodeData = {
          stepId: step.id,
          type: step.type,
          number: numberOf(step.id),
          summary: summaryOf(step),
          incomplete: incompleteSteps.has(step.id),
          detail: typeof step.detail === "string" && step.detail.trim() ? step.detail : undefined,
          selected: selection?.kind === "step" && selection.id === step.id,
          invalid: invalidSteps.has(step.id),
          counts: counts?.get(step.id),
          onSelect: (id) => onSelect({ kind: "step", id }),
        };
        return { ...base, type: "step", data };
      }),
    [
      layout,
      steps,
      selection,
      onSelect,
      numberOf,
      summaryOf,
      invalidSteps,
      incompleteSteps,
      counts,
      props.trigger,
    ],
  );

  const edges = useMemo<Edge[]>(
    () =>
      layout.edges.map((e): Edge => {
        const data: InsertEdgeData = {
          laneX: e.laneX,
          insert: e.insert,
          label: insertLabel(e.insert, numberOf),
          prominent: e.insert.after === null && e.insert.before === null,
          onInsert,
        };
        return {
          id: e.id,
          source: e.source,
          sourceHandle: e.sourceHandle,
          target: e.target,
          targetHandle: "in",
          type: "insert",
          data,
          selectable: false,
          focusable: false,
        };
      }),
    [layout, numberOf, onInsert],
  );

  // Pan (without zooming) to a step that was just added when it is out of view.
  const { focus } = props;
  useEffect(() => {
    if (!focus || !box.current) return;
    const node = layout.nodes.find((n) => n.stepId === focus.id);
    if (!node) return;
    const { x, y, zoom } = flow.getViewport();
    const { clientWidth, clientHeight } = box.current;
    const left = node.x * zoom + x;
    const top = node.y * zoom + y;
    const visible =
      left >= 0 &&
      top >= 0 &&
      left + node.width * zoom <= clientWidth &&
      top + node.height * zoom <= clientHeight;
    if (!visible) {
      void flow.setCenter(node.x + node.width / 2, node.y + node.height / 2, {
        zoom,
        duration: 250,
      });
    }
    // Only when asked: a layout change alone (an edit) must not move the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus, flow]);

  return (
    <div
      ref={box}
      role="region"
      aria-label="Automation flow"
      className={cn(
        "relative overflow-hidden rounded-xl bg-zinc-50 ring-1 ring-zinc-200/80",
        props.className,
      )}
      onKeyDown={(event) => event.key === "Escape" && onSelect(null)}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
        onInit={(instance) => {
          if (box.current) {
            const { clientWidth, clientHeight } = box.current;
            void instance.setViewport(initialViewport(layout, clientWidth, clientHeight));
          }
        }}
        minZoom={0.2}
        maxZoom={1.5}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        panOnScroll
        zoomOnDoubleClick={false}
        deleteKeyCode={null}
        onPaneClick={() => onSelect(null)}
      >
        <Background gap={20} size={1.2} color="#d4d4d8" />
        <Controls showInteractive={false} position="bottom-left" />
      </ReactFlow>
    </div>
  );
}

function handlesOf(node: LayoutNode, branch: boolean): NodeHandle[] {
  const center = node.width / 2;
  const handle = (id: string, type: "source" | "target", x: number, top: boolean): NodeHandle => ({
    id,
    type,
    x,
    y: top ? 0 : node.height,
    width: 0,
    height: 0,
    position: top ? Position.Top : Position.Bottom,
  });
  const handles: NodeHandle[] = [];
  if (node.kind !== "trigger") handles.push(handle("in", "target", center, true));
  if (node.kind === "end") return handles;
  if (!branch) return [...handles, handle("out", "source", center, false)];
  return [
    ...handles,
    handle("yes", "source", center - BRANCH_HANDLE_OFFSET, false),
    handle("no", "source", center + BRANCH_HANDLE_OFFSET, false),
  ];
}

function insertLabel(at: InsertPoint, numberOf: (id: string) => number): string {
  if (at.after === null) return "Add a step after the trigger";
  const n = numberOf(at.after);
  if (at.handle === "yes") return `Add a step on the Yes path of step ${n}`;
  if (at.handle === "no") return `Add a step on the No path of step ${n}`;
  return `Add a step after step ${n}`;
}
