"use client";

import { Menu } from "lucide-react";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Button } from "../ui/button";
import { Sheet, SheetContent, SheetTrigger } from "../ui/sheet";
import { Logo } from "./logo";
import { UserMenu, type MenuUser } from "./user-menu";

/** The narrow-screen top bar; the sidebar opens as a sheet and closes on navigation. */
export function MobileNav({ user, children }: { user: MenuUser; children: ReactNode }) {
  const pathname = usePathname();
  // The sheet counts as open only on the page where it was opened, so navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);

  return (
    <div className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b border-zinc-200/80 bg-white/85 px-3 backdrop-blur lg:hidden">
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Open navigation">
            <Menu aria-hidden />
          </Button>
        </SheetTrigger>
        <SheetContent title="Navigation">{children}</SheetContent>
      </Sheet>
      <Logo className="flex-1" />
      <UserMenu user={user} compact />
    </div>
  );
}
