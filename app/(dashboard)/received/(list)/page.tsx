import { Inbox } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/app-shell/page-header";
import { ReceivedTable } from "@/components/received/received-table";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { InvalidCursorNotice, KeysetPager, newestFirstSummary } from "@/components/ui/keyset-pager";
import { SettingsLink } from "@/components/settings/settings-link";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { first, type SearchParams } from "@/lib/web/dashboard/search-params";
import { listDomains } from "@/lib/domains/list";
import { listReceivedEmailSummaries } from "@/lib/received-emails/list";
import { ValidationError } from "@/lib/core/errors";

export const metadata: Metadata = { title: "Received" };

const PAGE_SIZE = 25;
const href = (cursor?: string) =>
  cursor ? `/received?cursor=${encodeURIComponent(cursor)}` : "/received";

export default async function ReceivedPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx } = await requireDashboard();
  const cursor = first((await searchParams).cursor);
  let page;
  try {
    page = await listReceivedEmailSummaries(ctx, { cursor, limit: PAGE_SIZE });
  } catch (error) {
    // A stale or hand-edited cursor: say so and offer the first page.
    if (!(error instanceof ValidationError)) throw error;
    page = null;
  }

  return (
    <>
      <PageHeader
        title="Received"
        description="Email sent to your receiving domains, newest first. Replies to your emails are linked to them."
      />
      <Card className="overflow-hidden">
        {page === null ? (
          <InvalidCursorNotice firstHref={href()} />
        ) : page.data.length === 0 && cursor ? (
          <EmptyState
            icon={Inbox}
            title="No more messages"
            description="You reached the end of the list."
          >
            <Button variant="secondary" asChild>
              <Link href={href()}>Back to the first page</Link>
            </Button>
          </EmptyState>
        ) : page.data.length === 0 ? (
          <NothingReceived />
        ) : (
          <>
            <ReceivedTable emails={page.data} now={ctx.clock.now()} />
            <KeysetPager
              page={page}
              cursor={cursor}
              firstHref={href()}
              nextHref={href}
              labels="newest-older"
              summary={newestFirstSummary(cursor, "Older messages", page.data.length)}
            />
          </>
        )}
      </Card>
    </>
  );
}

/** Empty inbox: which domains receive, or how to start receiving. */
async function NothingReceived() {
  const { ctx, project } = await requireDashboard();
  const domains = (await listDomains(ctx, { limit: 100 })).data;
  const receiving = domains.filter((d) => d.receiving).map((d) => d.name);
  return (
    <EmptyState
      icon={Inbox}
      title="No email received yet"
      description={
        receiving.length > 0 ? (
          <>
            Mail to any address at{" "}
            <span className="font-medium text-zinc-700">{receiving.join(", ")}</span> shows up here
            once its MX record points at Mailwright.
          </>
        ) : (
          "Turn on receiving for one of your verified domains, publish its MX record, and mail to any address at it shows up here."
        )
      }
    >
      <SettingsLink
        role={project.role}
        permission="domains.manage"
        href="/settings/domains"
        memberText="An admin of this project can turn receiving on in Settings → Domains."
      >
        {receiving.length > 0
          ? "Check the MX record in Settings → Domains"
          : "Set up receiving in Settings → Domains"}
      </SettingsLink>
    </EmptyState>
  );
}
