"use client";

import { BaseEdge, EdgeLabelRenderer, type Edge, type EdgeProps } from "@xyflow/react";
import { AddStepMenu } from "./add-step-menu";
import type { InsertPoint } from "./graph";
import { routeEdge } from "./route";
import type { StepType } from "./steps-draft";

export type InsertEdgeData = {
  laneX: number;
  insert: InsertPoint;
  /** Accessible name of its "+" button. */
  label: string;
  prominent: boolean;
  onInsert: (at: InsertPoint, type: StepType) => void;
};

/** An edge of the flow, routed in its lane, with a "+" halfway to insert a step there. */
export function InsertEdge(props: EdgeProps<Edge<InsertEdgeData, "insert">>) {
  const { sourceX, sourceY, targetX, targetY, data } = props;
  if (!data) return null;
  const route = routeEdge({ x: sourceX, y: sourceY }, { x: targetX, y: targetY }, data.laneX);
  return (
    <>
      <BaseEdge id={props.id} path={route.path} style={{ stroke: "#d4d4d8", strokeWidth: 1.5 }} />
      <EdgeLabelRenderer>
        <div
          className="nodrag nopan absolute"
          style={{
            transform: `translate(-50%, -50%) translate(${route.labelX}px, ${route.labelY}px)`,
            pointerEvents: "all",
          }}
        >
          <AddStepMenu
            label={data.label}
            prominent={data.prominent}
            onAdd={(type) => data.onInsert(data.insert, type)}
          />
        </div>
      </EdgeLabelRenderer>
    </>
  );
}
