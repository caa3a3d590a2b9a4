import { ArrowLeft, ArrowRight, ChevronLeft, Inbox } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/app-shell/page-header";
import { AdminOnly } from "@/components/settings/admin-only";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { WebhookPageActions } from "@/components/webhooks/webhook-actions";
import { WebhookSecret } from "@/components/webhooks/webhook-secret";
import { disabledReasonText, EndpointStatusBadge } from "@/components/webhooks/webhook-status";
import { EventsSummary } from "@/components/webhooks/webhooks-table";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { first } from "@/lib/web/dashboard/search-params";
import { NotFoundError, ValidationError } from "@/lib/core/errors";
import { can } from "@/lib/core/permissions";
import { getWebhook } from "@/lib/webhooks/get";
import { listWebhookDeliveries } from "@/lib/webhooks/list-deliveries";
import { DELIVERY_STATUSES } from "@/lib/webhooks/schemas";
import { serializeWebhookSummary } from "@/lib/webhooks/serialize";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};
type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const metadata: Metadata = { title: "Webhook" };

const PAGE_SIZE = 25;
const FILTERS: { label: string; value?: DeliveryStatus }[] = [
  { label: "All" },
  { label: "Succeeded", value: "succeeded" },
  { label: "Failed", value: "failed" },
  { label: "Pending", value: "pending" },
];

export default async function WebhookPage({ params, searchParams }: Props) {
  const { ctx, project } = await requireDashboard();
  if (!can(ctx.role, "webhooks.manage")) {
    return <AdminOnly title="Webhooks" permission="webhooks.manage" projectName={project.name} />;
  }
  const { id } = await params;
  const query = await searchParams;
  const row = await getWebhook(ctx, id).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  // The summary shape: the secret stays on the server until "Reveal" asks for it.
  const webhook = serializeWebhookSummary(row);
  const statusParam = first(query.status);
  const status = DELIVERY_STATUSES.find((s) => s === statusParam);
  const cursor = first(query.cursor);
  const deliveries = await listWebhookDeliveries(ctx, id, {
    status,
    cursor,
    limit: PAGE_SIZE,
  }).catch((error: unknown) => {
    if (error instanceof ValidationError) return null;
    throw error;
  });
  const now = ctx.clock.now();
  const base = `/settings/webhooks/${webhook.id}`;
  const href = (next: { status?: string; cursor?: string }) => {
    const params = new URLSearchParams();
    if (next.status) params.set("status", next.status);
    if (next.cursor) params.set("cursor", next.cursor);
    const text = params.toString();
    return text ? `${base}?${text}` : base;
  };
  const failingSince = webhook.failing_since ? new Date(webhook.failing_since) : null;

  return (
    <>
      <PageHeader
        eyebrow={
          <Link
            href="/settings/webhooks"
            className="inline-flex items-center gap-1 text-[13px] font-medium text-zinc-500 hover:text-zinc-800"
          >
            <ChevronLeft aria-hidden className="size-4" />
            Webhooks
          </Link>
        }
        title={<span className="break-all">{webhook.url}</span>}
        description={webhook.description ?? undefined}
        actions={<WebhookPageActions webhook={webhook} />}
      />
      {!webhook.active ? (
        <Notice tone="warning" title="This endpoint is disabled" className="mb-6">
          {disabledReasonText(webhook.disabled_reason)}. No events are sent to it until you enable
          it again.
        </Notice>
      ) : failingSince ? (
        <Notice tone="warning" title="Deliveries are failing" className="mb-6">
          Every delivery has failed since {formatDateTime(failingSince)} (
          {relativeTime(failingSince, now)}). After three days of failures the endpoint is disabled
          automatically.
        </Notice>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="min-w-0 self-start">
          <CardHeader title="Endpoint" />
          <dl className="divide-y divide-zinc-100 text-sm">
            <Row label="Status">
              <EndpointStatusBadge endpoint={webhook} />
            </Row>
            <Row label="Events">
              <EventsSummary endpoint={webhook} />
            </Row>
            <Row label="Created">
              <time
                dateTime={webhook.created_at}
                title={formatDateTime(new Date(webhook.created_at))}
              >
                {relativeTime(new Date(webhook.created_at), now)}
              </time>
            </Row>
          </dl>
          <div className="border-t border-zinc-100 px-5 py-4">
            <p className="text-[13px] font-medium text-zinc-800">Signing secret</p>
            <p className="mt-0.5 mb-2.5 text-[13px] text-zinc-500">
              Verify <code className="font-mono text-xs">X-Service-Signature</code>: an HMAC-SHA256
              hex digest of the raw body, keyed with this secret.
            </p>
            <WebhookSecret webhookId={webhook.id} />
          </div>
        </Card>
        <Card className="min-w-0 overflow-hidden lg:col-span-2">
          <CardHeader
            title="Deliveries"
            description="Every event sent to this endpoint, newest first."
          />
          <nav
            aria-label="Delivery status filter"
            className="border-b border-zinc-100 px-4 py-3 sm:px-5"
          >
            <div className="flex w-max gap-1 rounded-lg bg-zinc-100 p-0.5">
              {FILTERS.map((filter) => (
                <Link
                  key={filter.label}
                  href={href({ status: filter.value })}
                  aria-current={status === filter.value ? "page" : undefined}
                  className={cn(
                    "rounded-md px-3 py-1 text-[13px] font-medium whitespace-nowrap transition-colors",
                    status === filter.value
                      ? "bg-white text-zinc-900 shadow-xs"
                      : "text-zinc-500 hover:text-zinc-800",
                  )}
                >
                  {filter.label}
                </Link>
              ))}
            </div>
          </nav>
          {deliveries === null ? (
            <div className="p-5">
              <Notice tone="error" title="This page link is no longer valid">
                <Link href={href({ status })} className="font-medium underline">
                  Show the newest deliveries
                </Link>
              </Notice>
            </div>
          ) : deliveries.data.length === 0 ? (
            <EmptyState
              icon={Inbox}
              title={status || cursor ? "No deliveries here" : "No deliveries yet"}
              description={
                status || cursor
                  ? "No delivery matches this filter."
                  : "Deliveries appear here when a subscribed event happens to one of your emails. Use Send test event to see one now."
              }
            />
          ) : (
            <>
              <DeliveryLog
                webhookId={webhook.id}
                deliveries={deliveries.data}
                active={webhook.active}
                now={now}
              />
              {(cursor || deliveries.has_more) && (
                <div className="flex justify-end gap-2 border-t border-zinc-100 px-5 py-3">
                  {cursor && (
                    <Button variant="secondary" size="sm" asChild>
                      <Link href={href({ status })}>
                        <ArrowLeft aria-hidden />
                        Newest
                      </Link>
                    </Button>
                  )}
                  {deliveries.has_more && deliveries.next_cursor && (
                    <Button variant="secondary" size="sm" asChild>
                      <Link href={href({ status, cursor: deliveries.next_cursor })}>
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
      </div>
    </>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 px-5 py-2.5">
      <dt className="shrink-0 text-zinc-500">{label}</dt>
      <dd className="min-w-0 text-right text-zinc-800">{children}</dd>
    </div>
  );
}
