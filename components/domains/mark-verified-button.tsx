"use client";

import { ShieldCheck } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { markDomainVerifiedAction } from "@/lib/dashboard/actions/domains";
import type { FormState } from "@/lib/dashboard/form-state";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "../ui/alert-dialog";
import { Button } from "../ui/button";
import { DialogFooter } from "../ui/dialog";
import { Notice } from "../ui/notice";
import { useToast } from "../ui/toast";

/**
 * The admin's override of the DNS check, behind a warning: what it costs (mail without a DKIM
 * record in DNS is likely rejected or filed as spam) and when it is the right call.
 */
export function MarkVerifiedButton({ domain }: { domain: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<FormState>({ status: "idle" });
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const toast = useToast();

  function confirm() {
    startTransition(async () => {
      const result = await markDomainVerifiedAction(domain.id);
      setState(result);
      if (result.status !== "success") return;
      setOpen(false);
      toast({ title: "Domain marked as verified", description: `${domain.name} can send email.` });
      router.refresh();
    });
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setState({ status: "idle" });
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="secondary">
          <ShieldCheck aria-hidden />
          Mark as verified
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title={`Mark ${domain.name} as verified?`}
        description="Sending from this domain is allowed at once, without the DNS check."
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
          {state.status === "error" && <Notice tone="error">{state.message}</Notice>}
        </div>
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary">Cancel</Button>
          </AlertDialogCancel>
          <Button onClick={confirm} disabled={pending}>
            {pending ? "Marking…" : "Mark as verified"}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
