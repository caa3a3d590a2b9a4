"use client";

import { Trash2 } from "lucide-react";
import { useState } from "react";
import { deleteDomainAction } from "@/lib/web/dashboard/actions/domains";
import { Button } from "../ui/button";
import { ConfirmActionDialog } from "../ui/confirm-action-dialog";

export function DeleteDomainButton({ domain }: { domain: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="text-red-600" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden />
        Delete
      </Button>
      <ConfirmActionDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${domain.name}?`}
        description={
          <>
            Emails from addresses at{" "}
            <span className="font-medium text-zinc-900">{domain.name}</span> will be refused until
            the domain is added and verified again. Its DKIM key is deleted too: adding it again
            gives a new key, so the DNS record would have to change.
          </>
        }
        confirmLabel="Delete domain"
        onConfirm={() => deleteDomainAction(domain.id)}
        done={{ title: "Domain deleted", description: domain.name }}
        afterDone="/settings/domains"
      />
    </>
  );
}
