"use client";

import Link from "next/link";
import { useState } from "react";
import type { CampaignDraft } from "@/lib/web/dashboard/actions/campaigns";
import type { PostalAddressStatus } from "@/lib/web/dashboard/campaign-options";
import { formatCount } from "@/lib/web/dashboard/format";
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from "../../ui/alert-dialog";
import { Button } from "../../ui/button";
import { DialogFooter } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import type { PendingSend } from "./use-campaign-editor";

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "short" });

/**
 * The last look before mail goes out: to how many contacts, and when; a warning when the
 * project has no postal address for the footer (the send is still allowed); and, for a required
 * notice, a box the sender must tick.
 */
export function SendConfirmDialog({
  pending,
  name,
  subjects,
  abTest,
  postalAddress,
  busy,
  onConfirm,
  onClose,
}: {
  pending: PendingSend | null;
  name: string;
  subjects: number;
  abTest: CampaignDraft["ab_test"];
  postalAddress: PostalAddressStatus;
  busy: boolean;
  /** `requiredNotice`: the sender confirmed the campaign is a required notice. */
  onConfirm: (requiredNotice: boolean) => void;
  onClose: () => void;
}) {
  const [confirmedNotice, setConfirmedNotice] = useState(false);
  const requiredNotice = pending?.requiredNotice ?? false;
  const recipients = pending?.recipients ?? 0;
  const people = `${formatCount(recipients)} ${recipients === 1 ? "contact" : "contacts"}`;
  const scheduled = pending?.delivery === "schedule" && pending.scheduledAt;
  return (
    <AlertDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (open || busy) return;
        setConfirmedNotice(false);
        onClose();
      }}
    >
      <AlertDialogContent
        title={scheduled ? "Schedule this campaign?" : "Send this campaign now?"}
        description={
          <>
            “{name}” will go to{" "}
            <strong className="font-semibold text-zinc-900 tabular-nums">{people}</strong>
            {scheduled ? (
              <>
                {" "}
                on{" "}
                <strong className="font-semibold text-zinc-900">
                  {when.format(new Date(scheduled))}
                </strong>
              </>
            ) : null}
            .{" "}
            {subjects > 1 &&
              (abTest
                ? `The ${subjects} subjects are tried on ${abTest.sample_percent}% of them first; the winner goes to the rest ${abTest.wait_hours} ${abTest.wait_hours === 1 ? "hour" : "hours"} later. `
                : `Each of the ${subjects} subjects goes to an even share of them. `)}
            {scheduled
              ? "You can cancel it until then."
              : "Once it is sending, it cannot be stopped."}
          </>
        }
      >
        {(recipients === 0 || !postalAddress.set || requiredNotice) && (
          <div className="grid gap-3 px-6 pb-4">
            {requiredNotice && (
              <RequiredNoticeConfirmation
                checked={confirmedNotice}
                onCheckedChange={setConfirmedNotice}
              />
            )}
            {recipients === 0 && (
              <Notice tone="warning" title="Nobody would receive it">
                The audience has no subscribed, unsuppressed contacts right now.
              </Notice>
            )}
            {!postalAddress.set && <NoPostalAddress canEdit={postalAddress.canEdit} />}
          </div>
        )}
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={busy}>
              Keep editing
            </Button>
          </AlertDialogCancel>
          <Button
            onClick={() => onConfirm(confirmedNotice)}
            disabled={busy || recipients === 0 || (requiredNotice && !confirmedNotice)}
          >
            {busy
              ? scheduled
                ? "Scheduling…"
                : "Sending…"
              : scheduled
                ? `Schedule for ${people}`
                : `Send to ${people}`}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * A required notice reaches people who unsubscribed: the sender says, in so many words, that it
 * is one (the send action refuses it otherwise).
 */
function RequiredNoticeConfirmation({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <Notice tone="warning" title="This is a required notice">
      It goes to unsubscribed contacts and to those who left its topic too, without an unsubscribe
      header. Send it only for what every contact must know, such as a change of terms or a security
      notice; marketing sent this way breaks their trust and anti-spam law.
      <label className="mt-3 flex cursor-pointer items-start gap-2 font-medium text-amber-950">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          className="mt-0.5 size-4 shrink-0 cursor-pointer accent-indigo-600"
        />
        I confirm this is a required notice
      </label>
    </Notice>
  );
}

function NoPostalAddress({ canEdit }: { canEdit: boolean }) {
  return (
    <Notice tone="warning" title="No postal address in the footer">
      Anti-spam laws such as CAN-SPAM require a physical postal address in marketing email.{" "}
      {canEdit ? (
        <Link
          href="/settings/general"
          target="_blank"
          className="font-medium underline underline-offset-2 hover:text-amber-950"
        >
          Add it in Settings → General
          <span className="sr-only"> (opens in a new tab)</span>
        </Link>
      ) : (
        "Ask an admin to add it in Settings → General"
      )}
      , or send without it.
    </Notice>
  );
}
