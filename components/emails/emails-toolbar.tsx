import { Search, SlidersHorizontal, X } from "lucide-react";
import Form from "next/form";
import Link from "next/link";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { AutoSubmitSelect, filterFieldClass } from "./auto-submit-select";
import {
  EMAIL_STATUS_LABELS,
  EMAIL_TYPE_LABELS,
  type EmailStatus,
  type EmailType,
} from "./email-status-badge";

export type EmailFilters = {
  status?: EmailStatus;
  type?: EmailType;
  /** Part of the recipient's address. */
  search?: string;
  campaign?: string;
  automation?: string;
  /** YYYY-MM-DD, UTC days, both inclusive. */
  since?: string;
  until?: string;
};
export type FilterOption = { id: string; name: string };

const PARAMS = ["status", "type", "search", "campaign", "automation", "since", "until"] as const;

export function emailsHref(filters: EmailFilters & { cursor?: string }) {
  const params = new URLSearchParams();
  for (const key of PARAMS) if (filters[key]) params.set(key, filters[key]);
  if (filters.cursor) params.set("cursor", filters.cursor);
  const query = params.toString();
  return query ? `/emails?${query}` : "/emails";
}

/** How many of the filters behind the "Filters" button are set. */
export function moreFiltersCount(filters: EmailFilters) {
  return [
    filters.type,
    filters.campaign,
    filters.automation,
    filters.since || filters.until,
  ].filter(Boolean).length;
}

const STATUS_TABS: { label: string; value?: EmailStatus }[] = [
  { label: "All", value: undefined },
  ...(
    [
      "delivered",
      "sent",
      "scheduled",
      "queued",
      "bounced",
      "complained",
      "failed",
      "canceled",
    ] as const
  ).map((value) => ({
    label: EMAIL_STATUS_LABELS[value],
    value,
  })),
];

const TYPES = Object.keys(EMAIL_TYPE_LABELS) as EmailType[];

/**
 * Status tabs (a select on phones, where nine tabs do not fit), a recipient search and the
 * other filters in one GET form: everything lives in the URL, shareable, and works without JS.
 */
export function EmailsToolbar({
  filters,
  campaigns,
  automations,
}: {
  filters: EmailFilters;
  campaigns: FilterOption[];
  automations: FilterOption[];
}) {
  const more = moreFiltersCount(filters);
  return (
    <Form
      // Keyed by the URL: a tab is a client-side navigation that keeps this form mounted, and its
      // uncontrolled fields (the phone-only status select, hidden on wide screens but still sent)
      // would otherwise submit the previous filters with the next search.
      key={emailsHref(filters)}
      action="/emails"
      role="search"
      aria-label="Filter emails"
      className="grid gap-3 border-b border-zinc-100 px-4 py-3 sm:px-5"
    >
      <div className="flex flex-wrap items-center gap-2 lg:flex-nowrap lg:justify-between">
        <nav aria-label="Status filter" className="hidden sm:block">
          <div className="flex w-max gap-1 rounded-lg bg-zinc-100 p-0.5">
            {STATUS_TABS.map((tab) => {
              const active = filters.status === tab.value;
              return (
                <Link
                  key={tab.label}
                  href={emailsHref({ ...filters, status: tab.value })}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "rounded-md px-3 py-1 text-center text-[13px] font-medium whitespace-nowrap transition-colors",
                    active
                      ? "bg-white text-zinc-900 shadow-xs"
                      : "text-zinc-500 hover:text-zinc-800",
                  )}
                >
                  {tab.label}
                </Link>
              );
            })}
          </div>
        </nav>
        {/* Phones: the same choice as a select (it also carries the status when the form is sent). */}
        <label className="min-w-0 flex-1 sm:hidden">
          <span className="sr-only">Status</span>
          <AutoSubmitSelect name="status" defaultValue={filters.status ?? ""}>
            {STATUS_TABS.map((tab) => (
              <option key={tab.label} value={tab.value ?? ""}>
                {tab.value ? tab.label : "All statuses"}
              </option>
            ))}
          </AutoSubmitSelect>
        </label>
        <div className="flex w-full items-center gap-2 sm:w-auto sm:flex-1 lg:flex-none">
          <div className="relative min-w-0 flex-1 lg:w-72 lg:flex-none">
            <label htmlFor="email-search" className="sr-only">
              Search by recipient
            </label>
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400"
            />
            <input
              id="email-search"
              name="search"
              type="search"
              defaultValue={filters.search}
              key={filters.search ?? ""}
              placeholder="Search by recipient…"
              className="h-8 w-full rounded-lg bg-white pr-8 pl-8 text-sm text-zinc-900 shadow-xs ring-1 ring-zinc-200 outline-none ring-inset placeholder:text-zinc-400 focus:ring-2 focus:ring-indigo-500 [&::-webkit-search-cancel-button]:hidden"
            />
            {filters.search && (
              <Link
                href={emailsHref({ ...filters, search: undefined })}
                aria-label="Clear search"
                className="absolute top-1/2 right-1.5 grid size-5 -translate-y-1/2 place-items-center rounded text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700"
              >
                <X aria-hidden className="size-3.5" />
              </Link>
            )}
          </div>
        </div>
      </div>
      <details open={more > 0} className="group">
        <summary className="inline-flex cursor-pointer list-none items-center gap-1.5 rounded-md text-[13px] font-medium text-zinc-600 select-none hover:text-zinc-900 [&::-webkit-details-marker]:hidden">
          <SlidersHorizontal aria-hidden className="size-3.5 text-zinc-400" />
          Filters
          {more > 0 && (
            <span className="rounded-full bg-indigo-50 px-1.5 text-xs text-indigo-700 tabular-nums">
              {more}
            </span>
          )}
        </summary>
        <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end">
          <FilterField label="Type" className="sm:w-40">
            <AutoSubmitSelect name="type" defaultValue={filters.type ?? ""}>
              <option value="">All types</option>
              {TYPES.map((type) => (
                <option key={type} value={type}>
                  {EMAIL_TYPE_LABELS[type]}
                </option>
              ))}
            </AutoSubmitSelect>
          </FilterField>
          <FilterField label="Campaign" className="sm:w-52">
            <AutoSubmitSelect name="campaign" defaultValue={filters.campaign ?? ""}>
              <option value="">All campaigns</option>
              {campaigns.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </AutoSubmitSelect>
          </FilterField>
          <FilterField label="Automation" className="col-span-2 sm:w-52">
            <AutoSubmitSelect name="automation" defaultValue={filters.automation ?? ""}>
              <option value="">All automations</option>
              {automations.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </AutoSubmitSelect>
          </FilterField>
          <FilterField label="Sent from" className="sm:w-40">
            <input
              type="date"
              name="since"
              defaultValue={filters.since}
              max={filters.until}
              className={filterFieldClass}
            />
          </FilterField>
          <FilterField label="Sent until" className="sm:w-40">
            <input
              type="date"
              name="until"
              defaultValue={filters.until}
              min={filters.since}
              className={filterFieldClass}
            />
          </FilterField>
          <div className="col-span-2 flex items-center gap-2">
            <Button type="submit" size="sm" variant="secondary">
              Apply
            </Button>
            {more > 0 && (
              <Button size="sm" variant="ghost" asChild>
                <Link href={emailsHref({ status: filters.status, search: filters.search })}>
                  Clear filters
                </Link>
              </Button>
            )}
          </div>
        </div>
      </details>
    </Form>
  );
}

function FilterField({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <label className={cn("grid min-w-0 gap-1", className)}>
      <span className="text-xs font-medium text-zinc-500">{label}</span>
      {children}
    </label>
  );
}
