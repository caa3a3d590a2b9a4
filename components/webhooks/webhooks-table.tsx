import Link from "next/link";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import type { serializeWebhookSummary } from "@/lib/webhooks/serialize";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { describeEvents } from "./event-labels";
import { WebhookRowActions } from "./webhook-actions";
import { disabledReasonText, EndpointStatusBadge } from "./webhook-status";

export type WebhookSummary = ReturnType<typeof serializeWebhookSummary>;

export function WebhooksTable({ webhooks, now }: { webhooks: WebhookSummary[]; now: Date }) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Endpoint</TH>
          <TH className="hidden lg:table-cell">Events</TH>
          <TH className="hidden sm:table-cell">Status</TH>
          <TH className="hidden sm:table-cell">Created</TH>
          <TH className="w-12">
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {webhooks.map((webhook) => {
          const created = new Date(webhook.created_at);
          const failingSince = webhook.failing_since ? new Date(webhook.failing_since) : null;
          return (
            <TR key={webhook.id}>
              <TD className="max-w-72 py-2.5 sm:max-w-96">
                <Link
                  href={`/settings/webhooks/${webhook.id}`}
                  className="block truncate font-medium text-zinc-900 hover:text-indigo-600"
                  title={webhook.url}
                >
                  {webhook.url}
                </Link>
                <span className="mt-0.5 flex min-w-0 items-center gap-1.5 text-xs text-zinc-500">
                  {/* Narrow screens fold the status under the URL. */}
                  <span className="sm:hidden">
                    <EndpointStatusBadge endpoint={webhook} />
                  </span>
                  <span className="truncate">
                    {webhook.description ?? <span className="text-zinc-400">No description</span>}
                    <span className="lg:hidden"> · {describeEvents(webhook)}</span>
                  </span>
                </span>
              </TD>
              <TD className="hidden max-w-64 lg:table-cell">
                <EventsSummary endpoint={webhook} />
              </TD>
              <TD className="hidden whitespace-nowrap sm:table-cell">
                <EndpointStatusBadge endpoint={webhook} />
                {!webhook.active ? (
                  <span className="mt-1 block text-xs text-zinc-500">
                    {disabledReasonText(webhook.disabled_reason)}
                  </span>
                ) : failingSince ? (
                  <span
                    className="mt-1 block text-xs text-amber-700"
                    title={formatDateTime(failingSince)}
                  >
                    first failed {relativeTime(failingSince, now)}
                  </span>
                ) : null}
              </TD>
              <TD className="hidden whitespace-nowrap text-zinc-500 sm:table-cell">
                <time dateTime={webhook.created_at} title={formatDateTime(created)}>
                  {relativeTime(created, now)}
                </time>
              </TD>
              <TD className="py-2 text-right">
                <WebhookRowActions webhook={webhook} />
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}

export function EventsSummary({
  endpoint,
}: {
  endpoint: { events: string[]; all_events: boolean };
}) {
  if (endpoint.all_events) {
    return (
      <span className="text-zinc-700" title="Every type, including types added later">
        All events
      </span>
    );
  }
  return (
    <span className="flex flex-wrap gap-1">
      {endpoint.events.map((type) => (
        <code
          key={type}
          className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[11.5px] text-zinc-700"
        >
          {type.replace(/^email\./, "")}
        </code>
      ))}
    </span>
  );
}
