"use client";

import { useState } from "react";
import { revokeApiKeyAction } from "@/lib/web/dashboard/actions/api-keys";
import { Button } from "../ui/button";
import { ConfirmActionDialog } from "../ui/confirm-action-dialog";

export function RevokeApiKeyButton({ keyId, name }: { keyId: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger-ghost" size="sm" onClick={() => setOpen(true)}>
        Revoke
      </Button>
      <ConfirmActionDialog
        open={open}
        onOpenChange={setOpen}
        title={`Revoke “${name}”?`}
        description="Requests made with this key will be refused with 401 straight away. This cannot be undone: you would create a new key instead."
        confirmLabel="Revoke key"
        pendingLabel="Revoking…"
        onConfirm={() => revokeApiKeyAction(keyId)}
        done={{ title: "API key revoked", description: `“${name}” can no longer be used.` }}
      />
    </>
  );
}
