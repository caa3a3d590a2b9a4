import type { ReactNode } from "react";
import { cn } from "./cn";

/** A labelled progress bar (import, campaign sending): value of total, with a detail on the right. */
export function ProgressBar({
  label,
  value,
  total,
  detail,
  tone = "bg-indigo-500",
}: {
  label: string;
  value: number;
  total: number;
  detail: ReactNode;
  /** Tailwind background class of the filled part. */
  tone?: string;
}) {
  const percent = total > 0 ? Math.min(100, Math.round((value / total) * 100)) : 0;
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3 text-[13px]">
        <span className="min-w-0 truncate font-medium text-zinc-800">{label}</span>
        <span className="shrink-0 text-zinc-500 tabular-nums">{detail}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={value}
        aria-valuetext={`${percent}%`}
        className="h-2 overflow-hidden rounded-full bg-zinc-100"
      >
        <div
          className={cn("h-full rounded-full transition-[width] duration-500", tone)}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
