import { ArrowRight, Check } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "../ui/cn";

export type Step = { title: string; description: ReactNode; done: boolean; action?: ReactNode };

/** A numbered checklist; each step shows whether the project has done it yet. */
export function GettingStarted({ steps }: { steps: Step[] }) {
  return (
    <ol className="divide-y divide-zinc-100">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4 px-5 py-4">
          <span
            className={cn(
              "grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold",
              step.done
                ? "bg-emerald-500 text-white"
                : "bg-white text-zinc-600 ring-1 ring-zinc-300 ring-inset",
            )}
          >
            {step.done ? <Check aria-label="Done" className="size-3.5" /> : index + 1}
          </span>
          <div className="min-w-0 flex-1">
            <p className={cn("text-sm font-medium", step.done ? "text-zinc-500" : "text-zinc-900")}>
              {step.title}
            </p>
            <div className="mt-0.5 text-[13px] text-zinc-500">{step.description}</div>
            {step.action && <div className="mt-3">{step.action}</div>}
          </div>
        </li>
      ))}
    </ol>
  );
}

export function StepLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-1 text-[13px] font-medium text-indigo-600 hover:text-indigo-500"
    >
      {children}
      <ArrowRight aria-hidden className="size-3.5" />
    </Link>
  );
}
