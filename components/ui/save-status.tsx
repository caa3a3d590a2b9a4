import { Check, CircleAlert, LoaderCircle } from "lucide-react";
import { cn } from "./cn";

export type SaveState = "idle" | "saving" | "saved" | "error";

// Literal classes, so Tailwind sees them.
const SHOWN_FROM = { sm: "sm:inline-flex", md: "md:inline-flex" } as const;

/** An editor header's save indicator: saving, not saved, unsaved changes, saved. */
export function SaveStatus({
  dirty,
  state,
  shownFrom,
}: {
  dirty: boolean;
  state: SaveState;
  /** The breakpoint from which there is room for it in the header. */
  shownFrom: keyof typeof SHOWN_FROM;
}) {
  const [Icon, text, tone] =
    state === "saving"
      ? [LoaderCircle, "Saving…", "text-zinc-500"]
      : state === "error" && dirty
        ? [CircleAlert, "Not saved", "text-red-600"]
        : dirty
          ? [null, "Unsaved changes", "text-amber-700"]
          : state === "saved"
            ? [Check, "Saved", "text-emerald-700"]
            : [Check, "All changes saved", "text-zinc-500"];
  return (
    <span
      role="status"
      className={cn("mr-1 hidden items-center gap-1.5 text-[13px]", SHOWN_FROM[shownFrom], tone)}
    >
      {Icon ? (
        <Icon aria-hidden className={cn("size-3.5", state === "saving" && "animate-spin")} />
      ) : (
        <span aria-hidden className="size-1.5 rounded-full bg-amber-500" />
      )}
      {text}
    </span>
  );
}
