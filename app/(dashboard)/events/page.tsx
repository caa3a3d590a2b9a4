import { Activity, SearchX } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/app-shell/page-header";
import { EventsList } from "@/components/events/events-list";
import { eventsHref, EventsToolbar, type EventFilters } from "@/components/events/events-toolbar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";
import { InvalidCursorNotice, KeysetPager, newestFirstSummary } from "@/components/ui/keyset-pager";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { first, type SearchParams } from "@/lib/web/dashboard/search-params";
import { ValidationError } from "@/lib/core/errors";
import { listEvents } from "@/lib/events/list";

export const metadata: Metadata = { title: "Events" };

const PAGE_SIZE = 25;
export default async function EventsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, appUrl } = await requireDashboard();
  const params = await searchParams;
  // Hand-edited values longer than any stored name or address simply match nothing.
  const filters: EventFilters = {
    name: first(params.name)?.slice(0, 200),
    email: first(params.email)?.slice(0, 320),
  };
  const cursor = first(params.cursor);
  const filtered = Boolean(filters.name || filters.email);

  let page;
  try {
    page = await listEvents(ctx, { ...filters, cursor, limit: PAGE_SIZE });
  } catch (error) {
    // A stale or hand-edited cursor: say so and offer the first page.
    if (!(error instanceof ValidationError)) throw error;
    page = null;
  }
  const everEmpty = !filtered && !cursor && page !== null && page.data.length === 0;

  return (
    <>
      <PageHeader
        title="Events"
        description="What your app recorded with POST /v1/events, newest first: for contacts, and for addresses that are no contact yet."
      />
      <Card className="overflow-hidden">
        {everEmpty ? (
          <EmptyState
            icon={Activity}
            title="No events recorded yet"
            description="Record what people do in your product. Events show up here and can start or continue automations."
          >
            <CodeBlock
              label="POST /api/v1/events"
              code={[
                `curl -X POST ${appUrl}/api/v1/events \\`,
                `  -H "Authorization: Bearer sk_live_…" \\`,
                `  -H "Content-Type: application/json" \\`,
                `  -d '{ "name": "user.signed_up", "email": "ada@example.com", "data": { "plan": "pro" } }'`,
              ].join("\n")}
            />
          </EmptyState>
        ) : (
          <>
            <EventsToolbar filters={filters} />
            {page === null ? (
              <InvalidCursorNotice firstHref={eventsHref(filters)} />
            ) : page.data.length === 0 ? (
              <EmptyState
                icon={SearchX}
                title={cursor ? "No more events" : "No events match"}
                description={
                  cursor
                    ? "You reached the end of the log."
                    : "No event has this name and address. Names and addresses are matched exactly."
                }
              >
                <Button variant="secondary" asChild>
                  <Link href={cursor ? eventsHref(filters) : "/events"}>
                    {cursor ? "Back to the first page" : "Clear filters"}
                  </Link>
                </Button>
              </EmptyState>
            ) : (
              <>
                <EventsList events={page.data} now={ctx.clock.now()} />
                <KeysetPager
                  page={page}
                  cursor={cursor}
                  firstHref={eventsHref(filters)}
                  nextHref={(next) => eventsHref({ ...filters, cursor: next })}
                  labels="newest-older"
                  summary={newestFirstSummary(cursor, "Older events", page.data.length)}
                />
              </>
            )}
          </>
        )}
      </Card>
    </>
  );
}
