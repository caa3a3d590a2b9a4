"use client";

import { LoaderCircle, Monitor, Smartphone, TriangleAlert } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../ui/cn";
import { SegmentedControl } from "../../ui/segmented-control";
import { ScaledFrame } from "../scaled-frame";

export type Device = "desktop" | "mobile";

/** The rendered email as an inbox would show it, at desktop or phone width. */
export function PreviewPane({
  html,
  subject,
  from,
  device,
  onDeviceChange,
  updating,
  problem,
  frame,
  className,
}: {
  html: string;
  subject: string;
  from: string | null;
  device: Device;
  onDeviceChange: (device: Device) => void;
  updating?: boolean;
  /** Why the preview may be behind the draft (invalid blocks, a failed render). */
  problem?: ReactNode;
  /** Click-to-select in the blocks editor (use-preview-picker.ts). */
  frame?: ComponentProps<typeof ScaledFrame>["frame"];
  className?: string;
}) {
  return (
    <section
      aria-label="Preview"
      className={cn(
        "flex min-h-0 flex-col overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-zinc-200/80",
        className,
      )}
    >
      <div className="flex items-center justify-between gap-3 border-b border-zinc-100 px-4 py-2.5">
        <div className="flex min-w-0 items-center gap-2">
          <h2 className="text-sm font-semibold text-zinc-900">Preview</h2>
          <span
            role="status"
            className={cn(
              "inline-flex items-center gap-1 text-xs text-zinc-400 transition-opacity",
              updating ? "opacity-100" : "opacity-0",
            )}
          >
            <LoaderCircle aria-hidden className="size-3 animate-spin" />
            {updating ? "Updating…" : ""}
          </span>
        </div>
        <SegmentedControl
          label="Preview width"
          size="sm"
          value={device}
          onValueChange={onDeviceChange}
          options={[
            { value: "desktop", label: "Desktop", icon: Monitor },
            { value: "mobile", label: "Mobile", icon: Smartphone },
          ]}
        />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 border-b border-zinc-100 px-4 py-2.5 text-[13px]">
        {from && (
          <>
            <dt className="text-zinc-400">From</dt>
            <dd className="truncate text-zinc-600">{from}</dd>
          </>
        )}
        <dt className="text-zinc-400">Subject</dt>
        <dd className="truncate font-medium text-zinc-900" data-testid="preview-subject">
          {subject || <span className="font-normal text-zinc-400">No subject</span>}
        </dd>
      </dl>
      {problem && (
        <div className="flex items-start gap-2 border-b border-amber-200/70 bg-amber-50 px-4 py-2 text-[13px] text-amber-900">
          <TriangleAlert aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          <div className="min-w-0">{problem}</div>
        </div>
      )}
      <div className="min-h-0 flex-1 bg-zinc-100/70 p-3">
        <div
          className={cn(
            "mx-auto h-full overflow-hidden bg-white ring-1 ring-zinc-200",
            device === "mobile" ? "max-w-[375px] rounded-[20px] shadow-sm" : "rounded-lg",
          )}
        >
          <ScaledFrame
            html={html}
            width={device === "mobile" ? 375 : 640}
            fill={device === "desktop"}
            title="Email preview"
            frame={frame}
            className="h-full w-full"
          />
        </div>
      </div>
    </section>
  );
}
