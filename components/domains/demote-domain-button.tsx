"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { verifyDomainAction, type DomainCheck } from "@/lib/web/dashboard/actions/domains";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "../ui/alert-dialog";
import { Button } from "../ui/button";
import { DialogFooter } from "../ui/dialog";
import { Notice } from "../ui/notice";

/**
 * After a failing re-check of a domain verified by DNS: the admin's consent to demote it. The
 * check runs again with `demote`, so what happens is what DNS says now.
 */
export function DemoteDomainButton({
  domain,
  failing,
  onDemoted,
}: {
  domain: DomainCheck;
  /** "was not found" or "does not match", as the check said. */
  failing: string;
  onDemoted: (domain: DomainCheck) => void;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  function demote() {
    startTransition(async () => {
      const result = await verifyDomainAction(domain.id, { demote: true });
      if (result.status === "error") return setError(result.message);
      if (result.status === "success" && result.result) onDemoted(result.result);
      setOpen(false);
      router.refresh();
    });
  }

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="secondary" size="sm">
          Mark as unverified
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title={`Stop sending from ${domain.name}?`}
        description={`Its DKIM record ${failing}. Marking it unverified refuses every email from an address at ${domain.name} (API, campaigns, automations) until the record verifies again.`}
      >
        {error && (
          <div className="px-6 pb-4">
            <Notice tone="error">{error}</Notice>
          </div>
        )}
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary">Keep verified</Button>
          </AlertDialogCancel>
          <Button variant="danger" onClick={demote} disabled={pending}>
            {pending ? "Checking DNS…" : "Mark as unverified"}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
