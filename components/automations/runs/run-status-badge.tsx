import type { RunStatus } from "@/db/schema";
import { Badge, type BadgeTone } from "../../ui/badge";

export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  active: "Active",
  delayed: "Delayed",
  waiting: "Waiting",
  paused: "Paused",
  completed: "Completed",
  exited: "Exited",
  failed: "Failed",
};

/** Runs still in the automation; the others have finished. */
export const IN_PROGRESS: readonly RunStatus[] = ["active", "delayed", "waiting", "paused"];

// Every status gets its own colour: marketers scan a long list by colour before reading.
const STYLE: Record<RunStatus, { tone: BadgeTone; className?: string; hint: string }> = {
  active: { tone: "indigo", hint: "Moving on to its next step now." },
  delayed: { tone: "amber", hint: "In a delay step; it moves on when the delay ends." },
  waiting: {
    tone: "indigo",
    className: "bg-sky-50 text-sky-700 ring-sky-600/20",
    hint: "Waiting for an event, or for the wait to time out.",
  },
  paused: {
    tone: "neutral",
    hint: "The automation is a draft; the run picks up where it was when it goes live.",
  },
  completed: { tone: "green", hint: "Went through every step on its path." },
  exited: {
    tone: "amber",
    className: "bg-orange-50 text-orange-700 ring-orange-600/20",
    hint: "Left early: the contact was deleted or its step no longer exists.",
  },
  failed: { tone: "red", hint: "Stopped on an error; open the run to see it." },
};

export function RunStatusBadge({ status }: { status: RunStatus }) {
  const style = STYLE[status];
  return (
    <Badge tone={style.tone} className={style.className} title={style.hint} dot>
      {RUN_STATUS_LABELS[status]}
    </Badge>
  );
}
