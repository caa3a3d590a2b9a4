import { Tags } from "lucide-react";
import type { Metadata } from "next";
import { PageHeader } from "@/components/app-shell/page-header";
import { NewTopicButton } from "@/components/topics/topic-actions";
import { TopicsTable } from "@/components/topics/topics-table";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { InvalidCursorNotice, KeysetPager } from "@/components/ui/keyset-pager";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { first, type SearchParams } from "@/lib/web/dashboard/search-params";
import { ValidationError } from "@/lib/core/errors";
import { topicAudienceCounts } from "@/lib/topics/audience-counts";
import { listTopics } from "@/lib/topics/manage";

export const metadata: Metadata = { title: "Topics" };

const PAGE_SIZE = 50;
const EXAMPLES = ["Product updates", "Newsletter", "Events"];

export default async function TopicsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx } = await requireDashboard();
  const cursor = first((await searchParams).cursor);

  let page;
  try {
    page = await listTopics(ctx, { cursor, limit: PAGE_SIZE });
  } catch (error) {
    // A stale or hand-edited cursor: say so and offer the first page.
    if (!(error instanceof ValidationError)) throw error;
    page = null;
  }
  const empty = !cursor && page?.data.length === 0;
  const counts = empty
    ? new Map<string, number>()
    : await topicAudienceCounts(ctx.db, ctx.projectId);

  return (
    <>
      <PageHeader
        title="Topics"
        description="What you write about. Readers keep the topics they want and leave the rest, instead of unsubscribing from everything."
        actions={empty ? undefined : <NewTopicButton />}
      />
      <Card className="overflow-hidden">
        {page === null ? (
          <InvalidCursorNotice firstHref="/topics" />
        ) : empty ? (
          <EmptyState
            icon={Tags}
            title="No topics yet"
            description="Give each kind of email a topic. Every unsubscribe link then opens a page where readers tick the topics they want, and a campaign about a topic skips whoever left it."
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
              <NewTopicButton label="Create your first topic" />
            </div>
          </EmptyState>
        ) : (
          <>
            <TopicsTable topics={page.data} counts={counts} now={ctx.clock.now()} />
            <KeysetPager
              page={page}
              cursor={cursor}
              firstHref="/topics"
              nextHref={(next) => `/topics?cursor=${encodeURIComponent(next)}`}
              labels="first-next"
            />
          </>
        )}
      </Card>
    </>
  );
}
