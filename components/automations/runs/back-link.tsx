import { ChevronLeft } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";

/** The page header's way back up, as on the other detail pages ("‹ Emails"). */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex max-w-full items-center gap-1 text-[13px] font-medium text-zinc-500 hover:text-zinc-800"
    >
      <ChevronLeft aria-hidden className="size-4 shrink-0" />
      <span className="truncate">{children}</span>
    </Link>
  );
}
