"use client";

import { LoaderCircle, Users } from "lucide-react";
import Link from "next/link";
import { formatCount } from "@/lib/web/dashboard/format";
import { SubscriptionBadge } from "../contacts/subscription-badge";
import { Card, CardHeader } from "../ui/card";
import { cn } from "../ui/cn";
import type { MatchesState } from "./use-segment-matches";

/** How many contacts match right now, and the newest of them. */
export function MatchesPanel({ matches }: { matches: MatchesState }) {
  const shown =
    matches.state === "ready" ? matches : matches.state === "loading" ? matches.last : undefined;
  return (
    <Card>
      <CardHeader title="Matching contacts" description="Updates as you edit, before you save." />
      <div className="px-5 py-4" role="status" aria-live="polite">
        <p className={cn("flex items-baseline gap-2", matches.state === "loading" && "opacity-60")}>
          <span className="text-3xl font-semibold tracking-tight text-zinc-900 tabular-nums">
            {shown ? formatCount(shown.count) : "—"}
          </span>
          {/* Read as one phrase: "3 contacts match". */}{" "}
          <span className="text-sm text-zinc-500">
            {shown ? (shown.count === 1 ? "contact matches" : "contacts match") : ""}
          </span>
          {matches.state === "loading" && (
            <LoaderCircle
              aria-label="Counting"
              className="size-4 animate-spin self-center text-zinc-400"
            />
          )}
        </p>
        {matches.state === "incomplete" && (
          <p className="mt-1 text-[13px] text-zinc-500">{matches.message}</p>
        )}
        {matches.state === "error" && (
          <p className="mt-1 text-[13px] text-red-600">{matches.message}</p>
        )}
        <p className="mt-1 text-xs text-zinc-500">
          Campaigns to this segment skip unsubscribed and suppressed contacts.
        </p>
      </div>
      {shown && shown.contacts.length > 0 && (
        <ul
          className={cn(
            "divide-y divide-zinc-100 border-t border-zinc-100",
            matches.state === "loading" && "opacity-60",
          )}
        >
          {shown.contacts.map((contact) => (
            <li key={contact.id} className="flex items-center justify-between gap-3 px-5 py-2.5">
              <span className="min-w-0">
                <Link
                  href={`/contacts/${contact.id}`}
                  className="block truncate text-sm font-medium text-zinc-900 hover:text-indigo-600"
                >
                  {contact.email}
                </Link>
                {contact.name && (
                  <span className="block truncate text-xs text-zinc-500">{contact.name}</span>
                )}
              </span>
              <SubscriptionBadge subscribed={contact.subscribed} />
            </li>
          ))}
        </ul>
      )}
      {shown && shown.count > shown.contacts.length && (
        <p className="border-t border-zinc-100 px-5 py-2.5 text-xs text-zinc-500">
          The newest {shown.contacts.length} of {formatCount(shown.count)} shown.
        </p>
      )}
      {shown && shown.count === 0 && (
        <div className="flex items-center gap-2 border-t border-zinc-100 px-5 py-3 text-[13px] text-zinc-500">
          <Users aria-hidden className="size-4 text-zinc-400" />
          No contact matches these rules yet.
        </div>
      )}
    </Card>
  );
}

/** The count in a few words, for narrow screens where the panel sits below the rules. */
export function MatchesBadge({ matches }: { matches: MatchesState }) {
  const shown =
    matches.state === "ready" ? matches : matches.state === "loading" ? matches.last : undefined;
  if (!shown) return null;
  return (
    <span
      className={cn(
        "rounded-full bg-indigo-50 px-2.5 py-1 text-xs font-medium text-indigo-700 tabular-nums lg:hidden",
        matches.state === "loading" && "opacity-60",
      )}
    >
      {formatCount(shown.count)} {shown.count === 1 ? "contact" : "contacts"}
    </span>
  );
}
