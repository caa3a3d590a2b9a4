import { ChevronLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/app-shell/page-header";
import { ContentRemovedNotice } from "@/components/emails/content-removed-notice";
import { EmailPreview } from "@/components/emails/email-preview";
import { AttachmentsCard } from "@/components/received/attachments-card";
import { HeadersCard } from "@/components/received/headers-card";
import { ReceivedSummary } from "@/components/received/received-summary";
import { Card } from "@/components/ui/card";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { getEmail } from "@/lib/emails/list";
import { getReceivedEmail } from "@/lib/received-emails/get";
import { serializeReceivedEmail } from "@/lib/received-emails/serialize";
import { NotFoundError } from "@/lib/core/errors";

type Props = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Received email" };

export default async function ReceivedEmailPage({ params }: Props) {
  const { ctx } = await requireDashboard();
  const { id } = await params;
  const found = await getReceivedEmail(ctx, id).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  const email = serializeReceivedEmail(found.email, found.attachments);
  const repliedTo = email.in_reply_to_email_id
    ? await getEmail(ctx, email.in_reply_to_email_id).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      })
    : null;

  return (
    <>
      <PageHeader
        eyebrow={
          <Link
            href="/received"
            className="inline-flex items-center gap-1 text-[13px] font-medium text-zinc-500 hover:text-zinc-800"
          >
            <ChevronLeft aria-hidden className="size-4" />
            Received
          </Link>
        }
        title={<span className="break-words">{email.subject || "(no subject)"}</span>}
      />
      <ReceivedSummary
        email={email}
        repliedTo={repliedTo && { id: repliedTo.id, subject: repliedTo.subject, to: repliedTo.to }}
        now={ctx.clock.now()}
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <Card className="min-w-0 overflow-hidden lg:col-span-3">
          {found.email.contentRemovedAt ? (
            <ContentRemovedNotice removedAt={found.email.contentRemovedAt} what="message" />
          ) : (
            <EmailPreview html={email.html} text={email.text} />
          )}
        </Card>
        <div className="flex min-w-0 flex-col gap-6 self-start lg:col-span-2">
          <AttachmentsCard email={email} />
          <HeadersCard headers={email.headers} />
        </div>
      </div>
    </>
  );
}
