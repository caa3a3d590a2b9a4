import { ChevronRight } from "lucide-react";
import Link from "next/link";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import type { serializeEventWithData } from "@/lib/events/serialize";
import { Badge } from "../ui/badge";

export type LoggedEvent = ReturnType<typeof serializeEventWithData>;

/**
 * The events log, newest first. Each row opens in place (a native disclosure: no JavaScript)
 * to show the event's id, who it was for and its data as indented JSON.
 */
export function EventsList({ events, now }: { events: LoggedEvent[]; now: Date }) {
  return (
    <ol aria-label="Events" className="divide-y divide-zinc-100">
      {events.map((event) => {
        const at = new Date(event.created_at);
        const keys = Object.keys(event.data);
        return (
          <li key={event.id}>
            <details className="group">
              <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-3 transition-colors hover:bg-zinc-50/70 sm:px-5 [&::-webkit-details-marker]:hidden">
                <ChevronRight
                  aria-hidden
                  className="size-4 shrink-0 text-zinc-400 transition-transform group-open:rotate-90"
                />
                <div className="grid min-w-0 flex-1 gap-0.5 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:items-center sm:gap-4">
                  <code className="truncate font-mono text-[13px] font-medium text-zinc-900">
                    {event.name}
                  </code>
                  <Who event={event} />
                </div>
                <span className="hidden shrink-0 text-xs text-zinc-400 md:inline">
                  {keys.length === 0
                    ? "no data"
                    : `${keys.length} ${keys.length === 1 ? "field" : "fields"}`}
                </span>
                <time
                  dateTime={event.created_at}
                  title={formatDateTime(at)}
                  className="w-20 shrink-0 text-right text-xs whitespace-nowrap text-zinc-500"
                >
                  {relativeTime(at, now)}
                </time>
              </summary>
              <EventDetail event={event} />
            </details>
          </li>
        );
      })}
    </ol>
  );
}

/** The contact when the address belongs to one; the bare address otherwise (kept, not dropped). */
function Who({ event }: { event: LoggedEvent }) {
  if (event.contact_id) {
    return (
      <span className="truncate text-[13px] text-zinc-600">{event.email ?? "Deleted address"}</span>
    );
  }
  if (event.email) {
    return (
      <span className="flex min-w-0 items-center gap-2 text-[13px] text-zinc-600">
        <span className="truncate">{event.email}</span>
        <Badge className="shrink-0">Not a contact</Badge>
      </span>
    );
  }
  return <span className="text-[13px] text-zinc-400">No email</span>;
}

function EventDetail({ event }: { event: LoggedEvent }) {
  return (
    <div className="grid gap-3 border-t border-zinc-100 bg-zinc-50/60 px-4 py-4 sm:px-5 sm:pl-12">
      <dl className="grid gap-x-6 gap-y-1 text-[13px] sm:grid-cols-[auto_1fr]">
        <dt className="text-zinc-500">Event id</dt>
        <dd className="font-mono text-xs break-all text-zinc-700">{event.id}</dd>
        <dt className="text-zinc-500">Recorded</dt>
        <dd className="text-zinc-700">{formatDateTime(new Date(event.created_at))}</dd>
        <dt className="text-zinc-500">Contact</dt>
        <dd className="text-zinc-700">
          {event.contact_id ? (
            <Link
              href={`/contacts/${event.contact_id}`}
              className="font-medium text-indigo-600 hover:text-indigo-500"
            >
              View contact
            </Link>
          ) : event.email ? (
            "No contact has this address; the event is kept with the address."
          ) : (
            "Recorded without an email."
          )}
        </dd>
      </dl>
      {Object.keys(event.data).length > 0 ? (
        <pre
          aria-label="Event data"
          className="max-h-80 overflow-auto rounded-lg bg-white p-3 font-mono text-xs leading-relaxed text-zinc-700 ring-1 ring-zinc-200/80"
        >
          {JSON.stringify(event.data, null, 2)}
        </pre>
      ) : (
        <p className="text-[13px] text-zinc-500">No data was sent with this event.</p>
      )}
    </div>
  );
}
