import { ArrowRight, ChevronLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/app-shell/page-header";
import { CancelScheduledButton } from "@/components/emails/cancel-scheduled-button";
import { ContentRemovedNotice } from "@/components/emails/content-removed-notice";
import { EmailPreview } from "@/components/emails/email-preview";
import { EmailSummary } from "@/components/emails/email-summary";
import { EmailTimeline } from "@/components/emails/email-timeline";
import { RepliesCard } from "@/components/received/replies-card";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { getEmailWithBody, listEmailEvents } from "@/lib/emails/list";
import { serializeEmailDetail } from "@/lib/emails/serialize";
import { listReplies } from "@/lib/received-emails/replies";
import { NotFoundError, ValidationError } from "@/lib/core/errors";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const metadata: Metadata = { title: "Email" };

const EVENTS_PAGE_SIZE = 100;

export default async function EmailPage({ params, searchParams }: Props) {
  const { ctx } = await requireDashboard();
  const { id } = await params;
  const eventsParam = (await searchParams).events;
  const eventsCursor = Array.isArray(eventsParam) ? eventsParam[0] : eventsParam;
  const row = await getEmailWithBody(ctx, id).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  const email = serializeEmailDetail(row);
  const events = await listEmailEvents(ctx, id, {
    limit: EVENTS_PAGE_SIZE,
    cursor: eventsCursor,
  }).catch((error: unknown) => {
    if (error instanceof ValidationError) return null;
    throw error;
  });
  const replies = await listReplies(ctx, id);
  const now = ctx.clock.now();
  const base = `/emails/${email.id}`;

  return (
    <>
      <PageHeader
        eyebrow={
          <Link
            href="/emails"
            className="inline-flex items-center gap-1 text-[13px] font-medium text-zinc-500 hover:text-zinc-800"
          >
            <ChevronLeft aria-hidden className="size-4" />
            Emails
          </Link>
        }
        title={<span className="break-words">{email.subject}</span>}
        actions={
          email.status === "scheduled" ? (
            <CancelScheduledButton emailId={email.id} to={email.to} />
          ) : undefined
        }
      />
      {email.last_error && (email.status === "bounced" || email.status === "failed") && (
        <Notice tone="error" title="Delivery failed" className="mb-6">
          <span className="font-mono text-xs break-words">{email.last_error}</span>
        </Notice>
      )}
      <EmailSummary email={email} now={now} />
      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <Card className="min-w-0 overflow-hidden lg:col-span-3">
          {row.contentRemovedAt ? (
            <ContentRemovedNotice removedAt={row.contentRemovedAt} what="email" />
          ) : (
            <EmailPreview html={email.html} text={email.text} />
          )}
        </Card>
        <div className="flex min-w-0 flex-col gap-6 self-start lg:col-span-2">
          {replies.length > 0 && <RepliesCard replies={replies} now={now} />}
          <Card className="min-w-0">
            <CardHeader title="Events" description="What happened to this email, oldest first." />
            {events === null ? (
              <div className="p-5">
                <Notice tone="error" title="This page link is no longer valid">
                  <Link href={base} className="font-medium underline">
                    Show the first events
                  </Link>
                </Notice>
              </div>
            ) : events.data.length === 0 ? (
              <p className="px-5 py-8 text-center text-[13px] text-zinc-500">
                {eventsCursor ? "No later events." : "No events recorded yet."}
              </p>
            ) : (
              <EmailTimeline events={events.data} now={now} />
            )}
            {(eventsCursor || events?.has_more) && (
              <div className="flex justify-end gap-2 border-t border-zinc-100 px-5 py-3">
                {eventsCursor && (
                  <Button variant="secondary" size="sm" asChild>
                    <Link href={base}>First events</Link>
                  </Button>
                )}
                {events?.has_more && events.next_cursor && (
                  <Button variant="secondary" size="sm" asChild>
                    <Link href={`${base}?events=${encodeURIComponent(events.next_cursor)}`}>
                      Later events
                      <ArrowRight aria-hidden />
                    </Link>
                  </Button>
                )}
              </div>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}
