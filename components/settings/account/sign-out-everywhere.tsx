"use client";

import { LogOut } from "lucide-react";
import { useState } from "react";
import { signOutEverywhereAction } from "@/lib/web/dashboard/actions/auth";
import { Button } from "../../ui/button";
import { ConfirmActionDialog } from "../../ui/confirm-action-dialog";

/** Settings → Your account: ends every session of the signed-in user, this browser's too. */
export function SignOutEverywhere({ sessionCount }: { sessionCount: number }) {
  const [open, setOpen] = useState(false);
  const others = sessionCount - 1;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <LogOut aria-hidden />
        Sign out everywhere
      </Button>
      <ConfirmActionDialog
        open={open}
        onOpenChange={setOpen}
        title="Sign out everywhere?"
        description={
          others > 0
            ? `This browser and ${others === 1 ? "1 other session" : `${others} other sessions`} are signed out at once, including any copy of their cookies. You sign in again with your password.`
            : "This browser is signed out at once, including any copy of its cookie. You sign in again with your password."
        }
        confirmLabel="Sign out everywhere"
        pendingLabel="Signing out…"
        onConfirm={signOutEverywhereAction}
        done={{ title: "Signed out everywhere" }}
      />
    </>
  );
}
