"use client";

import { OctagonPause, Play } from "lucide-react";
import { useState, useTransition } from "react";
import type { PauseResource } from "@/lib/breaker/serialize";
import type { FormState } from "@/lib/web/dashboard/form-state";
import { formatDateTime } from "@/lib/web/dashboard/format";
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from "../ui/alert-dialog";
import { Button } from "../ui/button";
import { DialogFooter } from "../ui/dialog";
import { Notice } from "../ui/notice";
import { useToast } from "../ui/toast";

/**
 * Why the deliverability circuit breaker paused a campaign or an automation, and the one-click
 * Resume behind a confirmation that says what resuming risks.
 */
export function PausedBanner({
  kind,
  pause,
  minimumSends,
  resume,
  onResumed,
}: {
  kind: "campaign" | "automation";
  pause: PauseResource;
  /** The project's minimum number of sends before the breaker judges again. */
  minimumSends: number;
  resume: () => Promise<FormState>;
  onResumed: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const toast = useToast();
  const cause = pause.reason === "bounce_rate" ? "hard bounces" : "spam complaints";

  function confirm() {
    startTransition(async () => {
      const result = await resume();
      if (result.status === "error") {
        setError(result.message);
        return;
      }
      setOpen(false);
      toast({ title: (result.status === "success" && result.message) || "Resumed" });
      onResumed();
    });
  }

  return (
    <section
      aria-label={`Paused: too many ${cause}`}
      className="mb-4 flex items-start gap-3 rounded-xl bg-red-50 p-4 ring-1 ring-red-200 ring-inset sm:p-5"
    >
      <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-red-100 text-red-700">
        <OctagonPause aria-hidden className="size-4" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1 text-sm text-red-950">
          <p className="font-semibold">Paused: {pause.message}</p>
          <p className="mt-1 text-[13px] text-red-900/80">
            {kind === "campaign"
              ? "The campaign stopped itself so that no more of its audience is sent to."
              : "The automation stopped itself: nobody new enters it and contacts in it wait where they are."}{" "}
            Too many {cause} tell mailbox providers the list is not clean.
            {pause.paused_at && ` Paused ${formatDateTime(new Date(pause.paused_at))}.`}
          </p>
        </div>
        <AlertDialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) setError(null);
          }}
        >
          <Button variant="secondary" className="shrink-0 self-start" onClick={() => setOpen(true)}>
            <Play aria-hidden />
            Resume
          </Button>
          <AlertDialogContent
            title={kind === "campaign" ? "Resume this campaign?" : "Resume this automation?"}
            description={
              kind === "campaign"
                ? "It continues with the rest of its audience, where it stopped."
                : "It goes live again: contacts in it continue and new contacts enter it."
            }
          >
            <div className="space-y-3 px-6 pb-4 text-[13px] text-zinc-600">
              <p>
                Sending more email that bounces or gets reported as spam can damage your sending
                reputation, so that even mail to good addresses lands in spam. Before resuming,
                check where these addresses came from and remove the bad ones.
              </p>
              <p>
                The addresses that bounced or complained are already suppressed. The breaker watches
                again from now on and pauses again if the next{" "}
                {minimumSends.toLocaleString("en-US")} emails are over the threshold.
              </p>
              {error && <Notice tone="error">{error}</Notice>}
            </div>
            <DialogFooter>
              <AlertDialogCancel asChild>
                <Button variant="secondary">Stay paused</Button>
              </AlertDialogCancel>
              <Button variant="danger" onClick={confirm} disabled={pending}>
                {pending ? "Resuming…" : "Resume sending"}
              </Button>
            </DialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </section>
  );
}
