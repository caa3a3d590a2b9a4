import { ArrowRight, CheckCircle2, LogOut, PauseCircle, XCircle } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import type { RunStatus } from "@/db/schema";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { Badge } from "../../ui/badge";
import { cn } from "../../ui/cn";
import { stepMeta } from "../builder/step-meta";
import type { StepLabel } from "./step-labels";
import { describeStepRun, type StepRunResource } from "./step-outcome";

type Props = {
  steps: StepRunResource[];
  labels: ReadonlyMap<string, StepLabel>;
  run: {
    status: RunStatus;
    error: string | null;
    contact_id: string | null;
    finished_at: string | null;
    updated_at: string;
  };
  now: Date;
};

/** The steps a run went through, oldest first, ending with how the run ended (if it has). */
export function RunTimeline({ steps, labels, run, now }: Props) {
  return (
    <ol className="px-5 py-4">
      {steps.map((step) => {
        const meta = stepMeta(step.type);
        const label = labels.get(step.step_id);
        const outcome = describeStepRun(step, { status: run.status, now });
        // A delay's or wait's outcome already says what it waited for; the rest add the setting.
        const summary = step.type === "delay" || step.type === "wait" ? undefined : label?.summary;
        return (
          <Item
            key={step.id}
            icon={<meta.icon aria-hidden className="size-3.5" />}
            iconClass={meta.tint}
            eyebrow={
              label ? `Step ${label.number} · ${meta.label}` : `${meta.label} · step deleted`
            }
            at={step.started_at}
            now={now}
          >
            <p
              className={cn(
                "flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px] font-medium",
                outcome.tone === "error" ? "text-red-700" : "text-zinc-900",
              )}
            >
              {outcome.title}
              {outcome.tone === "current" && <Badge tone="indigo">Now</Badge>}
              {outcome.tone === "paused" && <Badge>Paused</Badge>}
            </p>
            {summary && <p className="mt-0.5 text-[13px] break-words text-zinc-500">{summary}</p>}
            {outcome.note && <p className="mt-1 text-xs text-zinc-500">{outcome.note}</p>}
            {outcome.link && (
              <Link
                href={outcome.link.href}
                className="mt-1 inline-flex items-center gap-0.5 text-xs font-medium text-indigo-600 hover:text-indigo-500"
              >
                {outcome.link.label}
                <ArrowRight aria-hidden className="size-3.5" />
              </Link>
            )}
            {step.error && <ErrorText>{step.error}</ErrorText>}
          </Item>
        );
      })}
      <RunEnd
        run={run}
        now={now}
        // The failing step already shows the error; the end need not repeat it.
        shownError={steps.some((s) => s.error === run.error)}
      />
    </ol>
  );
}

const ENDS: Partial<
  Record<RunStatus, { title: string; icon: typeof CheckCircle2; className: string }>
> = {
  completed: {
    title: "Run completed",
    icon: CheckCircle2,
    className: "bg-emerald-50 text-emerald-600 ring-emerald-600/20",
  },
  exited: {
    title: "Run exited early",
    icon: LogOut,
    className: "bg-orange-50 text-orange-600 ring-orange-600/20",
  },
  failed: {
    title: "Run failed",
    icon: XCircle,
    className: "bg-red-50 text-red-600 ring-red-600/20",
  },
  paused: {
    title: "Paused while the automation is a draft",
    icon: PauseCircle,
    className: "bg-zinc-100 text-zinc-600 ring-zinc-500/15",
  },
};

function RunEnd({ run, now, shownError }: Pick<Props, "run" | "now"> & { shownError: boolean }) {
  const end = ENDS[run.status];
  if (!end) return null;
  const reason =
    run.status === "exited" && !run.error && !run.contact_id ? "The contact was deleted." : null;
  return (
    <Item
      icon={<end.icon aria-hidden className="size-3.5" />}
      iconClass={end.className}
      eyebrow={run.status === "paused" ? "Now" : "End"}
      at={run.finished_at ?? run.updated_at}
      now={now}
    >
      <p className="text-[13px] font-medium text-zinc-900">{end.title}</p>
      {run.status === "paused" && (
        <p className="mt-0.5 text-[13px] text-zinc-500">
          It carries on from here when the automation goes live again.
        </p>
      )}
      {reason && <p className="mt-0.5 text-[13px] text-zinc-500">{reason}</p>}
      {run.error && run.status !== "paused" && !shownError && <ErrorText>{run.error}</ErrorText>}
    </Item>
  );
}

function Item(props: {
  icon: ReactNode;
  iconClass: string;
  eyebrow: string;
  at: string;
  now: Date;
  children: ReactNode;
}) {
  const at = new Date(props.at);
  return (
    <li className="group relative flex gap-3 pb-6 last:pb-0">
      <span
        aria-hidden
        className="absolute top-9 bottom-1 left-[15px] w-px bg-zinc-200 group-last:hidden"
      />
      <span
        className={cn(
          "relative grid size-8 shrink-0 place-items-center rounded-full ring-1 ring-inset",
          props.iconClass,
        )}
      >
        {props.icon}
      </span>
      <div className="min-w-0 flex-1 pt-0.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="text-[11px] font-medium tracking-wide text-zinc-500 uppercase">
            {props.eyebrow}
          </p>
          <time
            dateTime={props.at}
            title={formatDateTime(at)}
            className="text-xs whitespace-nowrap text-zinc-500"
          >
            {relativeTime(at, props.now)}
          </time>
        </div>
        <div className="mt-0.5">{props.children}</div>
      </div>
    </li>
  );
}

function ErrorText({ children }: { children: ReactNode }) {
  return (
    <p className="mt-1.5 rounded-md bg-red-50 px-2.5 py-1.5 text-xs break-words text-red-800 ring-1 ring-red-200/70">
      {children}
    </p>
  );
}
