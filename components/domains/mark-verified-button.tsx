"use client";

import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { markDomainVerifiedAction } from "@/lib/web/dashboard/actions/domains";
import { Button } from "../ui/button";
import { ConfirmActionDialog } from "../ui/confirm-action-dialog";
import { Notice } from "../ui/notice";

/**
 * The admin's override of the DNS check, behind a warning: what it costs (mail without a DKIM
 * record in DNS is likely rejected or filed as spam) and when it is the right call.
 */
export function MarkVerifiedButton({ domain }: { domain: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <ShieldCheck aria-hidden />
        Mark as verified
      </Button>
      <ConfirmActionDialog
        open={open}
        onOpenChange={setOpen}
        title={`Mark ${domain.name} as verified?`}
        description="Sending from this domain is allowed at once, without the DNS check."
        confirmLabel="Mark as verified"
        pendingLabel="Marking…"
        tone="primary"
        onConfirm={() => markDomainVerifiedAction(domain.id)}
        done={{ title: "Domain marked as verified", description: `${domain.name} can send email.` }}
        afterDone="refresh"
      >
        <div className="grid gap-3 px-6 pb-4">
          <Notice tone="warning" title="Receivers still check DNS">
            Until the DKIM record is published, mail from {domain.name} fails DKIM and is likely
            rejected or filed as spam by Gmail, Outlook and others.
          </Notice>
          <p className="text-[13px] text-zinc-600">
            Use this on a laptop or a test relay, or when the records are published in DNS this
            server cannot see. You can still run “Verify DNS” later: a failing check will not undo
            this.
          </p>
        </div>
      </ConfirmActionDialog>
    </>
  );
}
