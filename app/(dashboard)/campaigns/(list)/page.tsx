import { Filter, Megaphone, Plus, Split } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/app-shell/page-header";
import { CampaignsTable } from "@/components/campaigns/campaigns-table";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { InvalidCursorNotice, KeysetPager, newestFirstSummary } from "@/components/ui/keyset-pager";
import { listCampaigns } from "@/lib/campaigns/manage";
import { segmentOptions } from "@/lib/web/dashboard/campaign-options";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { first, type SearchParams } from "@/lib/web/dashboard/search-params";
import { ValidationError } from "@/lib/core/errors";

export const metadata: Metadata = { title: "Campaigns" };

const PAGE_SIZE = 25;
export default async function CampaignsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx } = await requireDashboard();
  const cursor = first((await searchParams).cursor);

  let page;
  try {
    page = await listCampaigns(ctx, { cursor, limit: PAGE_SIZE });
  } catch (error) {
    // A stale or hand-edited cursor: say so and offer the first page.
    if (!(error instanceof ValidationError)) throw error;
    page = null;
  }
  const empty = !cursor && page?.data.length === 0;
  const segmentNames = new Map((await segmentOptions(ctx)).map((s) => [s.id, s.name]));

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="One email to many: a newsletter or an announcement to all your contacts or a segment, with A/B subjects and the results as they come in."
        actions={empty ? undefined : <NewCampaignButton />}
      />
      <Card className="overflow-hidden">
        {page === null ? (
          <InvalidCursorNotice firstHref="/campaigns" />
        ) : empty ? (
          <EmptyState
            icon={Megaphone}
            title="No campaigns yet"
            description="Write it once, pick who gets it, send now or schedule it. Unsubscribed and suppressed contacts are left out for you."
          >
            <ul className="mx-auto grid max-w-sm gap-2 text-left text-[13px] text-zinc-600">
              <Tip icon={Filter}>
                Target everyone, or a segment such as “opened in the last 30 days”.
              </Tip>
              <Tip icon={Split}>
                Try up to four subjects: the audience is split evenly between them.
              </Tip>
            </ul>
            <div className="mt-6 flex justify-center">
              <NewCampaignButton label="Create your first campaign" />
            </div>
          </EmptyState>
        ) : (
          <>
            <CampaignsTable
              campaigns={page.data}
              segmentNames={segmentNames}
              now={ctx.clock.now()}
            />
            <KeysetPager
              page={page}
              cursor={cursor}
              firstHref="/campaigns"
              nextHref={(next) => `/campaigns?cursor=${encodeURIComponent(next)}`}
              labels="newest-older"
              summary={newestFirstSummary(cursor, "Older campaigns", page.data.length)}
            />
          </>
        )}
      </Card>
    </>
  );
}

function NewCampaignButton({ label = "New campaign" }: { label?: string }) {
  return (
    <Button asChild>
      <Link href="/campaigns/new">
        <Plus aria-hidden />
        {label}
      </Link>
    </Button>
  );
}

function Tip({ icon: Icon, children }: { icon: typeof Filter; children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-2.5 rounded-lg bg-white px-3 py-2 shadow-xs ring-1 ring-zinc-200/80">
      <Icon aria-hidden className="mt-0.5 size-3.5 shrink-0 text-indigo-500" />
      {children}
    </li>
  );
}
