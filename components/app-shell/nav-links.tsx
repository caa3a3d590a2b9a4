"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "../ui/cn";
import type { Role } from "@/lib/core/permissions";
import { navFor } from "./nav-items";

export function NavLinks({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="grid gap-5">
      {navFor(role).map((section, index) => (
        <div key={section.title ?? index} className="grid gap-0.5">
          {section.title && (
            <p className="px-2.5 pb-1 text-[11px] font-medium tracking-wide text-zinc-400 uppercase">
              {section.title}
            </p>
          )}
          {section.items.map(({ href, label, icon: Icon }) => {
            const active = pathname === href || pathname.startsWith(`${href}/`);
            return (
              <Link
                key={href}
                href={href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm font-medium transition-colors",
                  active
                    ? "bg-white text-zinc-900 shadow-xs ring-1 ring-zinc-200/80"
                    : "text-zinc-600 hover:bg-zinc-200/50 hover:text-zinc-900",
                )}
              >
                <Icon
                  aria-hidden
                  className={cn("size-4", active ? "text-indigo-600" : "text-zinc-400")}
                />
                {label}
              </Link>
            );
          })}
        </div>
      ))}
    </nav>
  );
}
