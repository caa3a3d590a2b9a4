import { ChevronLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/app-shell/page-header";
import { ContactPageActions } from "@/components/contacts/contact-actions";
import { ContactSegments } from "@/components/contacts/contact-segments";
import { ContactTags } from "@/components/contacts/contact-tags";
import { ContactTopics } from "@/components/contacts/contact-topics";
import { DataList } from "@/components/contacts/data-list";
import { ContactStory } from "@/components/contacts/story/contact-story";
import { SubscriptionBadge } from "@/components/contacts/subscription-badge";
import { Card, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { getContact } from "@/lib/contacts/get";
import { serializeContact } from "@/lib/contacts/serialize";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { NotFoundError } from "@/lib/core/errors";
import { tagsOf } from "@/lib/core/tags";

type Props = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Contact" };

export default async function ContactPage({ params }: Props) {
  const { ctx } = await requireDashboard();
  const { id } = await params;
  const row = await getContact(ctx, id).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  const contact = serializeContact(row);
  const now = ctx.clock.now();

  return (
    <>
      <PageHeader
        eyebrow={
          <Link
            href="/contacts"
            className="inline-flex items-center gap-1 text-[13px] font-medium text-zinc-500 hover:text-zinc-800"
          >
            <ChevronLeft aria-hidden className="size-4" />
            Contacts
          </Link>
        }
        title={<span className="break-all">{contact.email}</span>}
        description={contact.name ?? undefined}
        actions={<ContactPageActions contact={contact} />}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-6">
          <Card>
            <CardHeader title="Profile" />
            <dl className="divide-y divide-zinc-100 text-sm">
              <Row label="Status">
                <SubscriptionBadge subscribed={contact.subscribed} />
              </Row>
              <Row label="Name">
                {contact.name ?? <span className="text-zinc-400">Not set</span>}
              </Row>
              <Row label="Source">
                <span className="font-mono text-xs">{contact.source}</span>
              </Row>
              <Row label="Added">
                <time dateTime={contact.created_at} title={relativeTime(row.createdAt, now)}>
                  {formatDateTime(row.createdAt)}
                </time>
              </Row>
              <Row label="Updated">
                <time dateTime={contact.updated_at} title={formatDateTime(row.updatedAt)}>
                  {relativeTime(row.updatedAt, now)}
                </time>
              </Row>
              <Row label="ID">
                <span className="flex items-center gap-1">
                  <code className="truncate font-mono text-xs">{contact.id}</code>
                  <CopyButton
                    value={contact.id}
                    label="Copy contact ID"
                    variant="ghost"
                    className="size-6"
                  />
                </span>
              </Row>
            </dl>
          </Card>
          <ContactTags contactId={contact.id} tags={tagsOf(contact.data.tags)} />
          <ContactTopics contactId={contact.id} />
          <ContactSegments contactId={contact.id} />
          <Card>
            <CardHeader
              title="Data"
              description="Custom fields, usable in templates as {{data.key}}."
            />
            <DataList data={contact.data} />
          </Card>
        </div>
        <div className="min-w-0 lg:col-span-2">
          <ContactStory contactId={contact.id} email={contact.email} />
        </div>
      </div>
    </>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 px-5 py-2.5">
      <dt className="shrink-0 text-zinc-500">{label}</dt>
      <dd className="min-w-0 text-right wrap-anywhere text-zinc-800">{children}</dd>
    </div>
  );
}
