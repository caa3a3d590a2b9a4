import { Check } from "lucide-react";
import { cn } from "../../ui/cn";

const STEPS = ["Upload file", "Match columns", "Check rows", "Import"] as const;

/** Where the import wizard is: 0 upload, 1 mapping, 2 whole-file check, 3 import. */
export function ImportSteps({ current, finished }: { current: 0 | 1 | 2 | 3; finished?: boolean }) {
  return (
    <ol className="mb-6 flex items-center gap-2 text-[13px] sm:gap-3" aria-label="Import steps">
      {STEPS.map((label, i) => {
        const done = i < current || (finished && i === current);
        const active = i === current && !finished;
        return (
          <li
            key={label}
            aria-current={active ? "step" : undefined}
            className="flex min-w-0 items-center gap-2 sm:gap-3"
          >
            {i > 0 && <span aria-hidden className="h-px w-4 shrink-0 bg-zinc-300 sm:w-8" />}
            <span
              className={cn(
                "grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold",
                done && "bg-indigo-600 text-white",
                active && "bg-zinc-900 text-white",
                !done && !active && "bg-white text-zinc-500 ring-1 ring-zinc-300",
              )}
            >
              {done ? <Check aria-hidden className="size-3.5" /> : i + 1}
            </span>
            {/* On a phone only the current step is named; the others keep their number. */}
            <span
              className={cn(
                "truncate font-medium",
                i === current ? "text-zinc-900" : "sr-only sm:not-sr-only",
                done ? "text-zinc-700" : !active && "text-zinc-500",
              )}
            >
              {label}
              {done && <span className="sr-only"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
