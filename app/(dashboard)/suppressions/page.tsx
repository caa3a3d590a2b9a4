import { ArrowLeft, ArrowRight, Ban } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/app-shell/page-header";
import { AddSuppressionDialog } from "@/components/suppressions/add-suppression-dialog";
import { SuppressionsTable } from "@/components/suppressions/suppressions-table";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { requireDashboard } from "@/lib/dashboard/context";
import { ValidationError } from "@/lib/errors";
import { listSuppressions } from "@/lib/suppressions/list";

export const metadata: Metadata = { title: "Suppressions" };

const PAGE_SIZE = 50;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SuppressionsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx } = await requireDashboard();
  const raw = (await searchParams).cursor;
  const cursor = (Array.isArray(raw) ? raw[0] : raw)?.trim() || undefined;

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
          <div className="p-5">
            <Notice tone="error" title="This page link is no longer valid">
              The paging cursor in the address does not belong to this list.{" "}
              <Link href="/suppressions" className="font-medium underline">
                Go to the first page
              </Link>
            </Notice>
          </div>
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
            {(cursor || page.has_more) && (
              <div className="flex justify-end gap-2 border-t border-zinc-100 px-4 py-3 sm:px-5">
                {cursor && (
                  <Button variant="secondary" size="sm" asChild>
                    <Link href="/suppressions">
                      <ArrowLeft aria-hidden />
                      Newest
                    </Link>
                  </Button>
                )}
                {page.has_more && page.next_cursor && (
                  <Button variant="secondary" size="sm" asChild>
                    <Link href={`/suppressions?cursor=${encodeURIComponent(page.next_cursor)}`}>
                      Older
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
