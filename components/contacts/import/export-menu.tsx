"use client";

import { ChevronDown, Download, Filter, Search, UserCheck, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../ui/dropdown-menu";

export type ExportSegment = { id: string; name: string };

/**
 * The Contacts page's Export: what the list shows now (its search and filter), everyone,
 * subscribed only, or one segment, as a CSV download.
 */
export function ExportMenu({
  segments,
  view,
}: {
  segments: ExportSegment[];
  view?: { href: string; label: string };
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary">
          <Download aria-hidden />
          Export
          <ChevronDown aria-hidden className="-mr-1 text-zinc-400" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-w-72">
        <DropdownMenuLabel>Download as CSV</DropdownMenuLabel>
        {view && <ExportItem href={view.href} icon={<Search aria-hidden />} label={view.label} />}
        <ExportItem href="/contacts/export" icon={<Users aria-hidden />} label="All contacts" />
        <ExportItem
          href="/contacts/export?subscribed=true"
          icon={<UserCheck aria-hidden />}
          label="Subscribed contacts"
        />
        {segments.length > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>Segments</DropdownMenuLabel>
            {/* Long lists scroll inside the menu instead of running off the screen. */}
            <div className="max-h-64 overflow-y-auto">
              {segments.map((segment) => (
                <ExportItem
                  key={segment.id}
                  href={`/contacts/export?${new URLSearchParams({ segment: segment.id })}`}
                  icon={<Filter aria-hidden />}
                  label={segment.name}
                />
              ))}
            </div>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function ExportItem({ href, icon, label }: { href: string; icon: ReactNode; label: string }) {
  return (
    <DropdownMenuItem asChild>
      {/* A plain link: the browser downloads the streamed file (Content-Disposition). */}
      <a href={href} download>
        {icon}
        <span className="truncate">{label}</span>
      </a>
    </DropdownMenuItem>
  );
}
