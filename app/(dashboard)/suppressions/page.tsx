import { Ban } from "lucide-react";
import type { Metadata } from "next";
import { PageHeader } from "@/components/app-shell/page-header";
import { AddSuppressionDialog } from "@/components/suppressions/add-suppression-dialog";
import { SuppressionsTable } from "@/components/suppressions/suppressions-table";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { InvalidCursorNotice, KeysetPager } from "@/components/ui/keyset-pager";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { first, type SearchParams } from "@/lib/web/dashboard/search-params";
import { ValidationError } from "@/lib/core/errors";
import { listSuppressions } from "@/lib/suppressions/list";

export const metadata: Metadata = { title: "Suppressions" };

const PAGE_SIZE = 50;

export default async function SuppressionsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx } = await requireDashboard();
  const cursor = first((await searchParams).cursor);

  let page;
  try {
    page = await listSuppressions(ctx, { cursor, limit: PAGE_SIZE });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    page = null;
  }

  return (
    <>
      <PageHeader
        title="Suppressions"
        description="Addresses that never receive email from this project. Hard bounces and spam complaints are added automatically."
        actions={<AddSuppressionDialog />}
      />
      <Card className="overflow-hidden">
        {page === null ? (
          <InvalidCursorNotice firstHref="/suppressions" />
        ) : page.data.length === 0 && !cursor ? (
          <EmptyState
            icon={Ban}
            title="No suppressed addresses"
            description="When an address hard-bounces or marks your email as spam, it lands here and Mailwright stops sending to it. You can also add addresses by hand."
          >
            <AddSuppressionDialog label="Add an address" />
          </EmptyState>
        ) : (
          <>
            <SuppressionsTable suppressions={page.data} now={ctx.clock.now()} />
            <KeysetPager
              page={page}
              cursor={cursor}
              firstHref="/suppressions"
              nextHref={(next) => `/suppressions?cursor=${encodeURIComponent(next)}`}
              labels="newest-older"
              wrap={false}
            />
          </>
        )}
      </Card>
    </>
  );
}
