import { Search, X } from "lucide-react";
import Form from "next/form";
import Link from "next/link";
import { cn } from "../ui/cn";

export type ContactFilters = { search?: string; email?: string; subscribed?: "true" | "false" };

/** The list's filters as query parameters (the page URL and the export link share them). */
export function contactsQuery(filters: ContactFilters & { cursor?: string }) {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.email) params.set("email", filters.email);
  if (filters.subscribed) params.set("subscribed", filters.subscribed);
  if (filters.cursor) params.set("cursor", filters.cursor);
  return params.toString();
}

export function contactsHref(filters: ContactFilters & { cursor?: string }) {
  const query = contactsQuery(filters);
  return query ? `/contacts?${query}` : "/contacts";
}

const TABS = [
  { label: "All", value: undefined },
  { label: "Subscribed", value: "true" },
  { label: "Unsubscribed", value: "false" },
] as const;

/**
 * Search by part of the email or name, and the subscription filter; both live in the URL
 * (shareable, no JS). An older `email=` link (exact match) keeps working and is kept by the tabs.
 */
export function ContactsToolbar({ filters }: { filters: ContactFilters }) {
  return (
    <div className="flex flex-col gap-3 border-b border-zinc-100 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
      <nav aria-label="Subscription filter" className="flex gap-1 rounded-lg bg-zinc-100 p-0.5">
        {TABS.map((tab) => {
          const active = filters.subscribed === tab.value;
          return (
            <Link
              key={tab.label}
              href={contactsHref({ ...filters, subscribed: tab.value })}
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex-1 rounded-md px-3 py-1 text-center text-[13px] font-medium whitespace-nowrap transition-colors sm:flex-none",
                active ? "bg-white text-zinc-900 shadow-xs" : "text-zinc-500 hover:text-zinc-800",
              )}
            >
              {tab.label}
            </Link>
          );
        })}
      </nav>
      <Form action="/contacts" role="search" className="relative w-full sm:w-72">
        {filters.subscribed && <input type="hidden" name="subscribed" value={filters.subscribed} />}
        <label htmlFor="contact-search" className="sr-only">
          Search by email or name
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400"
        />
        <input
          id="contact-search"
          name="search"
          type="search"
          defaultValue={filters.search ?? filters.email}
          key={filters.search ?? filters.email ?? ""}
          placeholder="Search by email or name…"
          className="h-8 w-full rounded-lg bg-white pr-8 pl-8 text-sm text-zinc-900 shadow-xs ring-1 ring-zinc-200 outline-none ring-inset placeholder:text-zinc-400 focus:ring-2 focus:ring-indigo-500 [&::-webkit-search-cancel-button]:hidden"
        />
        {(filters.search || filters.email) && (
          <Link
            href={contactsHref({ subscribed: filters.subscribed })}
            aria-label="Clear search"
            className="absolute top-1/2 right-1.5 grid size-5 -translate-y-1/2 place-items-center rounded text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700"
          >
            <X aria-hidden className="size-3.5" />
          </Link>
        )}
      </Form>
    </div>
  );
}
