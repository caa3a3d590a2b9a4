import { ListFilter, Plus } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/app-shell/page-header";
import { SegmentsTable } from "@/components/segments/segments-table";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { InvalidCursorNotice, KeysetPager } from "@/components/ui/keyset-pager";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { first, type SearchParams } from "@/lib/web/dashboard/search-params";
import { ValidationError } from "@/lib/core/errors";
import { countSavedConditions } from "@/lib/segments/contacts";
import { listSegments } from "@/lib/segments/manage";

export const metadata: Metadata = { title: "Segments" };

const PAGE_SIZE = 25;
const EXAMPLES = [
  "Plan is one of pro, team",
  "Opened an email in the last 30 days",
  "Date added is after Jan 1",
];

export default async function SegmentsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx } = await requireDashboard();
  const cursor = first((await searchParams).cursor);

  let page;
  try {
    page = await listSegments(ctx, { cursor, limit: PAGE_SIZE });
  } catch (error) {
    // A stale or hand-edited cursor: say so and offer the first page.
    if (!(error instanceof ValidationError)) throw error;
    page = null;
  }
  const empty = !cursor && page?.data.length === 0;
  // Counted now, like the builder: a segment is its rules, not a stored list.
  const counts = new Map(
    await Promise.all(
      (page?.data ?? []).map(
        async (s) => [s.id, await countSavedConditions(ctx, s.conditions)] as const,
      ),
    ),
  );

  return (
    <>
      <PageHeader
        title="Segments"
        description="Groups of contacts defined by rules on their fields and on what they opened or clicked. Membership updates by itself; target a segment with a campaign."
        actions={empty ? undefined : <NewSegmentButton />}
      />
      <Card className="overflow-hidden">
        {page === null ? (
          <InvalidCursorNotice firstHref="/segments" />
        ) : empty ? (
          <EmptyState
            icon={ListFilter}
            title="No segments yet"
            description="A segment is a saved set of rules: everyone who matches them, now and later."
          >
            <ul className="mx-auto flex max-w-md flex-wrap justify-center gap-2">
              {EXAMPLES.map((example) => (
                <li
                  key={example}
                  className="rounded-full bg-white px-3 py-1 text-[13px] text-zinc-600 shadow-xs ring-1 ring-zinc-200/80"
                >
                  {example}
                </li>
              ))}
            </ul>
            <div className="mt-6 flex justify-center">
              <NewSegmentButton label="Create your first segment" />
            </div>
          </EmptyState>
        ) : (
          <>
            <SegmentsTable segments={page.data} counts={counts} now={ctx.clock.now()} />
            <KeysetPager
              page={page}
              cursor={cursor}
              firstHref="/segments"
              nextHref={(next) => `/segments?cursor=${encodeURIComponent(next)}`}
              labels="first-next"
            />
          </>
        )}
      </Card>
    </>
  );
}

function NewSegmentButton({ label = "New segment" }: { label?: string }) {
  return (
    <Button asChild>
      <Link href="/segments/new">
        <Plus aria-hidden />
        {label}
      </Link>
    </Button>
  );
}
