import { Search } from "lucide-react";
import Link from "next/link";
import { Button } from "../ui/button";
import { Input } from "../ui/input";

export type EventFilters = { name?: string; email?: string };

export function eventsHref(filters: EventFilters & { cursor?: string }) {
  const params = new URLSearchParams();
  if (filters.name) params.set("name", filters.name);
  if (filters.email) params.set("email", filters.email);
  if (filters.cursor) params.set("cursor", filters.cursor);
  const query = params.toString();
  return query ? `/events?${query}` : "/events";
}

/** A plain GET form: the filters live in the URL, so a filtered log can be shared and needs no JS. */
export function EventsToolbar({ filters }: { filters: EventFilters }) {
  const filtered = Boolean(filters.name || filters.email);
  return (
    <form
      // Keyed by the URL, so a link to other filters shows them in the fields it keeps mounted.
      key={eventsHref(filters)}
      action="/events"
      method="get"
      role="search"
      aria-label="Filter events"
      className="flex flex-col gap-3 border-b border-zinc-100 px-4 py-3 sm:px-5 md:flex-row md:items-end"
    >
      <label className="grid flex-1 gap-1 text-[13px] font-medium text-zinc-600">
        Event name
        <Input
          name="name"
          defaultValue={filters.name}
          placeholder="user.signed_up"
          maxLength={200}
          className="font-mono text-[13px]"
        />
      </label>
      <label className="grid flex-1 gap-1 text-[13px] font-medium text-zinc-600">
        Email
        <Input
          name="email"
          type="email"
          defaultValue={filters.email}
          placeholder="ada@example.com (exact address)"
          maxLength={320}
        />
      </label>
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          <Search aria-hidden />
          Filter
        </Button>
        {filtered && (
          <Button variant="ghost" asChild>
            <Link href="/events">Clear</Link>
          </Button>
        )}
      </div>
    </form>
  );
}
