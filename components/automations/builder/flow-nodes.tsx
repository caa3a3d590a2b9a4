"use client";

import { Handle, Position, type Node, type NodeProps } from "@xyflow/react";
import { CircleAlert, CircleStop, UserPlus, Zap } from "lucide-react";
import type { StepCounts } from "@/lib/automations/stats";
import { cn } from "../../ui/cn";
import { BRANCH_HANDLE_OFFSET } from "./layout";
import { stepMeta } from "./step-meta";

/**
 * The canvas cards. A card is one button (it selects the step); handles are invisible anchors
 * for the edges. Live per-step counts are optional: the builder passes them once runs can exist.
 */
export type { StepCounts };

export type StepNodeData = {
  stepId: string;
  type: string;
  number: number;
  summary: string;
  /** True while the summary is a prompt ("Choose a template"), not a setting. */
  incomplete: boolean;
  detail?: string;
  selected: boolean;
  invalid: boolean;
  counts?: StepCounts;
  onSelect: (stepId: string) => void;
};
export type TriggerNodeData = {
  event: "contact.subscribed" | "event";
  summary: string;
  selected: boolean;
  invalid: boolean;
  /** How many contacts ever entered, when the builder shows live counts. */
  entered?: number;
  onSelect: () => void;
};

const hiddenHandle = "!size-px !min-w-0 !border-0 !bg-transparent";

const cardClass = (selected: boolean, invalid: boolean) =>
  cn(
    "nodrag nopan group relative flex w-full cursor-pointer items-center gap-3 rounded-xl bg-white p-3 text-left shadow-xs ring-1 transition-shadow",
    "hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500",
    invalid ? "ring-red-300" : "ring-zinc-200",
    selected && (invalid ? "ring-2 ring-red-500" : "ring-2 ring-indigo-500"),
  );

export function TriggerNode({ data }: NodeProps<Node<TriggerNodeData, "trigger">>) {
  const Icon = data.event === "event" ? Zap : UserPlus;
  const counted = data.entered !== undefined;
  return (
    <>
      <div className="flex size-full flex-col">
        <button
          type="button"
          onClick={data.onSelect}
          aria-pressed={data.selected}
          aria-label={`Trigger: ${data.summary}`}
          className={cn(
            cardClass(data.selected, data.invalid),
            "min-h-0 flex-1",
            counted && "rounded-b-none",
          )}
        >
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-zinc-900 text-white">
            <Icon aria-hidden className="size-4" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-[11px] font-medium tracking-wide text-zinc-500 uppercase">
              Trigger
            </span>
            <span className="mt-0.5 line-clamp-2 text-[13px] leading-snug font-medium text-zinc-900">
              {data.summary}
            </span>
          </span>
          {data.invalid && <InvalidMark />}
        </button>
        {counted && (
          <p className="rounded-b-xl bg-zinc-50 px-3 py-1.5 text-[11px] text-zinc-500 ring-1 ring-zinc-200">
            <span className="font-semibold text-zinc-800 tabular-nums">
              {data.entered!.toLocaleString("en-US")}
            </span>{" "}
            {data.entered === 1 ? "contact" : "contacts"} entered
          </p>
        )}
      </div>
      <Handle type="source" position={Position.Bottom} id="out" className={hiddenHandle} />
    </>
  );
}

export function StepNode({ data }: NodeProps<Node<StepNodeData, "step">>) {
  const meta = stepMeta(data.type);
  const Icon = meta.icon;
  const branch = data.type === "branch";
  return (
    <>
      <Handle type="target" position={Position.Top} id="in" className={hiddenHandle} />
      <div className="flex size-full flex-col">
        <button
          type="button"
          onClick={() => data.onSelect(data.stepId)}
          aria-pressed={data.selected}
          aria-label={`Step ${data.number}: ${meta.label}${data.detail ? ` (${data.detail})` : ""}, ${data.summary}${data.invalid ? ", needs attention" : ""}`}
          title={data.summary}
          className={cn(
            cardClass(data.selected, data.invalid),
            "min-h-0 flex-1",
            data.counts && "rounded-b-none",
          )}
        >
          <span
            className={cn(
              "grid size-9 shrink-0 place-items-center rounded-lg ring-1 ring-inset",
              meta.tint,
            )}
          >
            <Icon aria-hidden className="size-4" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="flex min-w-0 gap-1 text-[11px] font-medium tracking-wide text-zinc-500 uppercase">
              <span className="shrink-0">{meta.label}</span>
              {data.detail && (
                <span className="truncate normal-case tracking-normal text-zinc-400">
                  · {data.detail}
                </span>
              )}
            </span>
            <span
              className={cn(
                "mt-0.5 line-clamp-2 text-[13px] leading-snug font-medium break-words",
                data.incomplete ? "text-amber-700" : "text-zinc-900",
              )}
            >
              {data.summary}
            </span>
          </span>
          {data.invalid && <InvalidMark />}
        </button>
        {/* Live counts (entered / waiting / completed), when the builder shows them. */}
        {data.counts && <CountsStrip counts={data.counts} />}
      </div>
      {branch ? (
        <>
          <BranchHandle id="yes" label="Yes" offset={-BRANCH_HANDLE_OFFSET} />
          <BranchHandle id="no" label="No" offset={BRANCH_HANDLE_OFFSET} />
        </>
      ) : (
        <Handle type="source" position={Position.Bottom} id="out" className={hiddenHandle} />
      )}
    </>
  );
}

function BranchHandle({ id, label, offset }: { id: "yes" | "no"; label: string; offset: number }) {
  return (
    <>
      <Handle
        type="source"
        position={Position.Bottom}
        id={id}
        className={hiddenHandle}
        style={{ left: `calc(50% + ${offset}px)` }}
      />
      <span
        aria-hidden
        className={cn(
          "pointer-events-none absolute bottom-0 z-10 translate-x-[-50%] translate-y-1/2 rounded-full px-2 py-px text-[11px] font-semibold ring-1",
          id === "yes"
            ? "bg-emerald-50 text-emerald-700 ring-emerald-600/25"
            : "bg-rose-50 text-rose-700 ring-rose-600/25",
        )}
        style={{ left: `calc(50% + ${offset}px)` }}
      >
        {label}
      </span>
    </>
  );
}

function CountsStrip({ counts }: { counts: StepCounts }) {
  // Failed runs stopped here: never counted as completed, shown only when there are some.
  const items = [
    ["entered", counts.entered],
    ["waiting", counts.waiting],
    ["completed", counts.completed],
    ...(counts.failed > 0 ? [["failed", counts.failed] as const] : []),
  ] as const;
  return (
    <dl
      className={cn(
        "rounded-b-xl bg-zinc-50 px-3 py-1.5 text-[11px] text-zinc-500 ring-1 ring-zinc-200",
        // Four counts share the width by their length, so none is cut off.
        items.length === 4 ? "flex justify-between gap-x-2" : "grid grid-cols-3",
      )}
    >
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="sr-only">{label}</dt>
          <dd
            className={cn(
              items.length === 4 ? "whitespace-nowrap" : "truncate",
              label === "failed" && "text-red-600",
            )}
          >
            <span
              className={cn(
                "font-semibold tabular-nums",
                label === "failed" ? "text-red-700" : "text-zinc-800",
              )}
            >
              {value.toLocaleString("en-US")}
            </span>{" "}
            {label}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function InvalidMark() {
  return <CircleAlert aria-hidden className="size-4 shrink-0 text-red-500" />;
}

export function EndNode() {
  return (
    <>
      <Handle type="target" position={Position.Top} id="in" className={hiddenHandle} />
      <div className="flex size-full items-center justify-center gap-1 rounded-full bg-zinc-100 text-[11px] font-medium text-zinc-500 ring-1 ring-zinc-200">
        <CircleStop aria-hidden className="size-3" />
        End
      </div>
    </>
  );
}
