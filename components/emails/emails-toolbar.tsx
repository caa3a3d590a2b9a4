import { Check, ChevronDown } from "lucide-react";
import Link from "next/link";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import {
  EMAIL_STATUS_LABELS,
  EMAIL_TYPE_LABELS,
  type EmailStatus,
  type EmailType,
} from "./email-status-badge";

export type EmailFilters = { status?: EmailStatus; type?: EmailType };

export function emailsHref(filters: EmailFilters & { cursor?: string }) {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.type) params.set("type", filters.type);
  if (filters.cursor) params.set("cursor", filters.cursor);
  const query = params.toString();
  return query ? `/emails?${query}` : "/emails";
}

const STATUS_TABS: { label: string; value?: EmailStatus }[] = [
  { label: "All", value: undefined },
  ...(["delivered", "sent", "queued", "bounced", "complained", "failed"] as const).map((value) => ({
    label: EMAIL_STATUS_LABELS[value],
    value,
  })),
];

const TYPES = Object.keys(EMAIL_TYPE_LABELS) as EmailType[];

/** Status tabs and a type menu; both are links, so filters live in the URL and need no JS. */
export function EmailsToolbar({ filters }: { filters: EmailFilters }) {
  return (
    <div className="flex flex-col gap-3 border-b border-zinc-100 px-4 py-3 sm:px-5 md:flex-row md:items-center md:justify-between">
      <nav
        aria-label="Status filter"
        className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0 [&::-webkit-scrollbar]:hidden"
      >
        <div className="flex w-max gap-1 rounded-lg bg-zinc-100 p-0.5">
          {STATUS_TABS.map((tab) => {
            const active = filters.status === tab.value;
            return (
              <Link
                key={tab.label}
                href={emailsHref({ type: filters.type, status: tab.value })}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "rounded-md px-3 py-1 text-center text-[13px] font-medium whitespace-nowrap transition-colors",
                  active ? "bg-white text-zinc-900 shadow-xs" : "text-zinc-500 hover:text-zinc-800",
                )}
              >
                {tab.label}
              </Link>
            );
          })}
        </div>
      </nav>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary" size="sm" className="self-start md:self-auto">
            <span className="text-zinc-500">Type:</span>
            {filters.type ? EMAIL_TYPE_LABELS[filters.type] : "All"}
            <ChevronDown aria-hidden className="text-zinc-400" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-44">
          {[undefined, ...TYPES].map((type) => (
            <DropdownMenuItem key={type ?? "all"} asChild>
              <Link href={emailsHref({ status: filters.status, type })}>
                <Check
                  aria-hidden
                  className={cn(filters.type === type ? "opacity-100" : "opacity-0")}
                />
                {type ? EMAIL_TYPE_LABELS[type] : "All types"}
              </Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
