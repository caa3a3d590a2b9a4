import { ChevronRight } from "lucide-react";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import type { WebhookDeliveryResource } from "@/lib/webhooks/serialize";
import { ReplayButton } from "./replay-button";
import { DeliveryStatusBadge, StatusCode } from "./webhook-status";

type Attempt = WebhookDeliveryResource["attempts"][number];

/**
 * Deliveries newest first; each opens (a native <details>, so no JS is needed) to its attempts,
 * its payload and a Replay button.
 */
export function DeliveryLog({
  webhookId,
  deliveries,
  active,
  now,
}: {
  webhookId: string;
  deliveries: WebhookDeliveryResource[];
  active: boolean;
  now: Date;
}) {
  return (
    <>
      <div
        aria-hidden
        className={`hidden border-b border-zinc-100 bg-zinc-50/60 py-2 text-xs font-medium text-zinc-500 sm:grid ${GRID}`}
      >
        <span className="size-4" />
        <span>Event</span>
        <span>Status</span>
        <span>Attempts</span>
        <span>Code</span>
        <span className="text-right">Created</span>
      </div>
      <ul className="divide-y divide-zinc-100">
        {deliveries.map((delivery) => {
          const created = new Date(delivery.created_at);
          const recipient = recipientOf(delivery.payload);
          return (
            <li key={delivery.id}>
              <details className="group">
                <summary
                  className={`grid cursor-pointer list-none items-center gap-y-1 py-3 hover:bg-zinc-50/70 [&::-webkit-details-marker]:hidden ${GRID}`}
                >
                  <ChevronRight
                    aria-hidden
                    className="size-4 text-zinc-400 transition-transform group-open:rotate-90"
                  />
                  <span className="min-w-0">
                    <code className="block truncate font-mono text-[13px] font-medium text-zinc-900">
                      {delivery.event_type}
                    </code>
                    {recipient && (
                      <span className="hidden truncate text-xs text-zinc-500 sm:block">
                        {recipient}
                      </span>
                    )}
                  </span>
                  <span className="justify-self-end sm:justify-self-start">
                    <DeliveryStatusBadge delivery={delivery} />
                  </span>
                  <span className="col-start-2 text-xs text-zinc-500 sm:col-start-auto sm:text-[13px] sm:text-zinc-600">
                    <span className="tabular-nums">{delivery.attempt_count}</span>{" "}
                    {delivery.attempt_count === 1 ? "attempt" : "attempts"}
                    <span className="sm:hidden">
                      {" · "}
                      {relativeTime(created, now)}
                    </span>
                  </span>
                  <span className="hidden sm:block">
                    <StatusCode code={delivery.last_status_code} />
                  </span>
                  <time
                    dateTime={delivery.created_at}
                    title={formatDateTime(created)}
                    className="hidden text-right text-[13px] whitespace-nowrap text-zinc-500 sm:block"
                  >
                    {relativeTime(created, now)}
                  </time>
                </summary>
                <div className="space-y-4 bg-zinc-50/60 px-4 pt-1 pb-4 sm:px-5 sm:pl-12">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-xs text-zinc-500">
                      <code className="font-mono">{delivery.id}</code>
                      {delivery.next_attempt_at && delivery.status === "pending" && (
                        <>
                          {" · next attempt "}
                          {relativeTime(new Date(delivery.next_attempt_at), now)}
                        </>
                      )}
                    </p>
                    <ReplayButton
                      webhookId={webhookId}
                      deliveryId={delivery.id}
                      disabled={!active}
                    />
                  </div>
                  {delivery.attempts.length === 0 ? (
                    <p className="text-[13px] text-zinc-500">No attempt has been made yet.</p>
                  ) : (
                    <ol className="space-y-2">
                      {delivery.attempts.map((attempt, index) => (
                        <AttemptItem key={attempt.id} attempt={attempt} number={index + 1} />
                      ))}
                    </ol>
                  )}
                  <details className="group/payload">
                    <summary className="inline-flex cursor-pointer list-none items-center gap-1 text-xs font-medium text-zinc-600 hover:text-zinc-900 [&::-webkit-details-marker]:hidden">
                      <ChevronRight
                        aria-hidden
                        className="size-3.5 transition-transform group-open/payload:rotate-90"
                      />
                      Payload
                    </summary>
                    <pre className="mt-2 max-h-72 overflow-auto rounded-lg bg-white p-3 font-mono text-xs text-zinc-700 ring-1 ring-zinc-200">
                      {JSON.stringify(delivery.payload, null, 2)}
                    </pre>
                  </details>
                </div>
              </details>
            </li>
          );
        })}
      </ul>
    </>
  );
}

// One grid for the header row and every delivery row, so the columns line up.
const GRID =
  "grid-cols-[auto_minmax(0,1fr)_auto] gap-x-3 px-4 sm:grid-cols-[auto_minmax(0,1.4fr)_7rem_5.5rem_4rem_7rem] sm:px-5";

/** The email's recipient from an email.* payload, to tell deliveries apart. */
function recipientOf(payload: unknown): string | null {
  if (typeof payload !== "object" || payload === null) return null;
  const data = (payload as { data?: unknown }).data;
  if (typeof data !== "object" || data === null) return null;
  const to = (data as { to?: unknown }).to;
  return typeof to === "string" ? to : null;
}

function AttemptItem({ attempt, number }: { attempt: Attempt; number: number }) {
  const at = new Date(attempt.attempted_at);
  return (
    <li className="rounded-lg bg-white px-3 py-2.5 ring-1 ring-zinc-200">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[13px]">
        <span className="font-medium text-zinc-900">Attempt {number}</span>
        <StatusCode code={attempt.status_code} />
        <span className="text-zinc-500 tabular-nums">{attempt.duration_ms} ms</span>
        <time
          dateTime={attempt.attempted_at}
          className="ml-auto text-xs whitespace-nowrap text-zinc-500"
        >
          {formatDateTime(at)}
        </time>
      </div>
      {attempt.error && <p className="mt-1.5 text-xs break-words text-red-700">{attempt.error}</p>}
      {attempt.response_body && (
        <pre className="mt-1.5 max-h-32 overflow-auto rounded-md bg-zinc-50 px-2 py-1.5 font-mono text-[11.5px] break-words whitespace-pre-wrap text-zinc-600 ring-1 ring-zinc-200/70">
          {attempt.response_body}
        </pre>
      )}
    </li>
  );
}
