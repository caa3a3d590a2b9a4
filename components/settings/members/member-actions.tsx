"use client";

import { MoreHorizontal, Shield, User, UserMinus } from "lucide-react";
import { useState, useTransition } from "react";
import {
  changeMemberRoleAction,
  removeMemberAction,
  revokeInvitationAction,
} from "@/lib/web/dashboard/actions/members";
import { Button } from "../../ui/button";
import { ConfirmActionDialog } from "../../ui/confirm-action-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../ui/dropdown-menu";
import { useToast } from "../../ui/toast";

type Person = { userId: string; email: string; role: "admin" | "member"; isYou: boolean };

/** The "…" menu of a member row: change the role, remove from the project. */
export function MemberActions({ member }: { member: Person }) {
  const [removing, setRemoving] = useState(false);
  const [pending, startTransition] = useTransition();
  const toast = useToast();
  const nextRole = member.role === "admin" ? "member" : "admin";

  const changeRole = () =>
    startTransition(async () => {
      const result = await changeMemberRoleAction(member.userId, nextRole);
      toast(
        result.status === "success"
          ? { title: `${member.email} is now ${nextRole === "admin" ? "an admin" : "a member"}` }
          : { title: result.status === "error" ? result.message : "Failed", tone: "error" },
      );
    });

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Actions for ${member.email}`}
            disabled={pending}
          >
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-48">
          <DropdownMenuItem onSelect={changeRole}>
            {nextRole === "admin" ? <Shield aria-hidden /> : <User aria-hidden />}
            {nextRole === "admin" ? "Make admin" : "Make member"}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => setRemoving(true)}>
            <UserMinus aria-hidden />
            {member.isYou ? "Leave project" : "Remove from project"}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmActionDialog
        open={removing}
        onOpenChange={setRemoving}
        title={member.isYou ? "Leave this project?" : `Remove ${member.email}?`}
        description={
          member.isYou
            ? "You lose access to this project at once and are signed out everywhere; sign in again for your other projects. An admin can invite you again."
            : "They lose access to this project at once and are signed out everywhere. Their account stays; you can invite them again."
        }
        confirmLabel={member.isYou ? "Leave project" : "Remove member"}
        onConfirm={() => removeMemberAction(member.userId)}
        done={{ title: member.isYou ? "You left the project" : "Member removed" }}
        afterDone={member.isYou ? "/overview" : undefined}
      />
    </>
  );
}

export function RevokeInvitationButton({ id, email }: { id: string; email: string }) {
  const [pending, startTransition] = useTransition();
  const toast = useToast();
  const revoke = () =>
    startTransition(async () => {
      const result = await revokeInvitationAction(id);
      toast(
        result.status === "success"
          ? { title: "Invitation revoked", description: `The link for ${email} no longer works.` }
          : { title: result.status === "error" ? result.message : "Failed", tone: "error" },
      );
    });
  return (
    <Button
      variant="danger-ghost"
      size="sm"
      onClick={revoke}
      disabled={pending}
      aria-label={`Revoke the invitation for ${email}`}
    >
      {pending ? "Revoking…" : "Revoke"}
    </Button>
  );
}
