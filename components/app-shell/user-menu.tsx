"use client";

import { ChevronsUpDown, CircleUser, LogOut } from "lucide-react";
import Link from "next/link";
import { useTransition } from "react";
import { signOutAction } from "@/lib/web/dashboard/actions/auth";
import { cn } from "../ui/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";

export type MenuUser = { email: string; name: string | null };

function initials(user: MenuUser) {
  const source = user.name?.trim() || user.email;
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts[1]?.[0] ?? "")).toUpperCase() || "?";
}

export function UserAvatar({ user, className }: { user: MenuUser; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        "grid size-7 shrink-0 place-items-center rounded-full bg-gradient-to-br from-zinc-700 to-zinc-900 text-[11px] font-semibold text-white",
        className,
      )}
    >
      {initials(user)}
    </span>
  );
}

export function UserMenu({ user, compact }: { user: MenuUser; compact?: boolean }) {
  const [, startTransition] = useTransition();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className={cn(
          "flex cursor-pointer items-center gap-2.5 rounded-lg text-left outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
          compact
            ? "p-0.5"
            : "w-full px-2 py-1.5 hover:bg-zinc-200/50 data-[state=open]:bg-zinc-200/50",
        )}
      >
        <UserAvatar user={user} />
        {!compact && (
          <>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-zinc-800">
                {user.name || user.email.split("@")[0]}
              </span>
              <span className="block truncate text-xs text-zinc-500">{user.email}</span>
            </span>
            <ChevronsUpDown aria-hidden className="size-3.5 text-zinc-400" />
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align={compact ? "end" : "start"}
        side={compact ? "bottom" : "top"}
        className="w-60"
      >
        <DropdownMenuLabel className="font-normal">
          Signed in as
          <span className="block truncate font-medium text-zinc-800">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/settings/account">
            <CircleUser aria-hidden />
            Your account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => startTransition(() => signOutAction())}>
          <LogOut aria-hidden />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
