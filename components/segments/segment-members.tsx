import { Download, Users } from "lucide-react";
import { ContactsTable } from "@/components/contacts/contacts-table";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { InvalidCursorNotice, KeysetPager } from "@/components/ui/keyset-pager";
import type { ServiceContext } from "@/lib/core/context";
import { formatCount } from "@/lib/web/dashboard/format";
import { ValidationError } from "@/lib/core/errors";
import { countSegment, listSegmentContacts } from "@/lib/segments/contacts";

const PAGE_SIZE = 25;

/**
 * Everyone the saved segment matches now, keyset-paged like the contacts list (the cursor is in
 * the page URL), with a CSV download of all of them through the contacts export.
 */
export async function SegmentMembers({
  ctx,
  segmentId,
  cursor,
}: {
  ctx: ServiceContext;
  segmentId: string;
  cursor: string | undefined;
}) {
  const firstHref = `/segments/${segmentId}`;
  const [page, { count }] = await Promise.all([
    listSegmentContacts(ctx, segmentId, { cursor, limit: PAGE_SIZE }).catch((error: unknown) => {
      // A stale or hand-edited cursor: say so and offer the first page.
      if (error instanceof ValidationError) return null;
      throw error;
    }),
    countSegment(ctx, segmentId),
  ]);
  return (
    <Card className="mt-6 overflow-hidden" role="region" aria-labelledby="segment-members">
      <CardHeader
        title={<span id="segment-members">Members</span>}
        description={`${formatCount(count)} ${count === 1 ? "contact matches" : "contacts match"} the saved rules, newest first.`}
        actions={
          count > 0 && (
            <Button variant="secondary" size="sm" asChild>
              {/* A plain link: the browser downloads the streamed file (Content-Disposition). */}
              <a href={`/contacts/export?${new URLSearchParams({ segment: segmentId })}`} download>
                <Download aria-hidden />
                Export CSV
              </a>
            </Button>
          )
        }
      />
      {page === null ? (
        <InvalidCursorNotice firstHref={firstHref} />
      ) : page.data.length === 0 ? (
        <EmptyState
          icon={Users}
          title={cursor ? "No more members" : "No members yet"}
          description={
            cursor
              ? "You reached the end of the list."
              : "No contact matches the saved rules. Contacts who start matching appear here."
          }
        />
      ) : (
        <>
          <ContactsTable contacts={page.data} now={ctx.clock.now()} />
          <KeysetPager
            page={page}
            cursor={cursor}
            firstHref={firstHref}
            nextHref={(next) => `${firstHref}?${new URLSearchParams({ cursor: next })}`}
            labels="first-next"
          />
        </>
      )}
    </Card>
  );
}
