import { ArrowLeft, ArrowRight, ListFilter, Plus } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/app-shell/page-header";
import { SegmentsTable } from "@/components/segments/segments-table";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { requireDashboard } from "@/lib/dashboard/context";
import { ValidationError } from "@/lib/errors";
import { countMatching } from "@/lib/segments/contacts";
import { listSegments } from "@/lib/segments/manage";

export const metadata: Metadata = { title: "Segments" };

const PAGE_SIZE = 25;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined) {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() || undefined;
}

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
      (page?.data ?? []).map(async (s) => [s.id, await countMatching(ctx, s.conditions)] as const),
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
          <div className="p-5">
            <Notice tone="error" title="This page link is no longer valid">
              The paging cursor in the address does not belong to this list.{" "}
              <Link href="/segments" className="font-medium underline">
                Go to the first page
              </Link>
            </Notice>
          </div>
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
            {(cursor || page.has_more) && (
              <div className="flex flex-wrap items-center justify-end gap-2 border-t border-zinc-100 px-4 py-3 sm:px-5">
                {cursor && (
                  <Button variant="secondary" size="sm" asChild>
                    <Link href="/segments">
                      <ArrowLeft aria-hidden />
                      First page
                    </Link>
                  </Button>
                )}
                {page.has_more && page.next_cursor && (
                  <Button variant="secondary" size="sm" asChild>
                    <Link href={`/segments?cursor=${encodeURIComponent(page.next_cursor)}`}>
                      Next page
                      <ArrowRight aria-hidden />
                    </Link>
                  </Button>
                )}
              </div>
            )}
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
