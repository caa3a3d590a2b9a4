import { Activity, ArrowRight } from "lucide-react";
import Link from "next/link";
import { requireDashboard } from "@/lib/dashboard/context";
import { formatDateTime, relativeTime } from "@/lib/dashboard/format";
import { ValidationError } from "@/lib/errors";
import { listContactTimeline } from "@/lib/events/contact-timeline";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { CodeBlock } from "../ui/code-block";
import { EmptyState } from "../ui/empty-state";
import { Notice } from "../ui/notice";

const PAGE_SIZE = 20;

/** The contact's recorded events, newest first, paged with `?events=<cursor>`. */
export async function ContactEvents({
  contactId,
  email,
  cursor,
}: {
  contactId: string;
  email: string;
  cursor?: string;
}) {
  const { ctx, appUrl } = await requireDashboard();
  const page = await listContactTimeline(ctx, contactId, { limit: PAGE_SIZE, cursor }).catch(
    (error: unknown) => {
      if (error instanceof ValidationError) return null;
      throw error;
    },
  );
  const now = ctx.clock.now();
  const base = `/contacts/${contactId}`;

  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="Events"
        description="Custom events recorded for this contact, newest first."
      />
      {page === null ? (
        <div className="p-5">
          <Notice tone="error" title="This page link is no longer valid">
            <Link href={base} className="font-medium underline">
              Show the newest events
            </Link>
          </Notice>
        </div>
      ) : page.data.length === 0 ? (
        <EmptyState
          icon={Activity}
          title={cursor ? "No older events" : "No events yet"}
          description="Record what this contact does in your product; events can start automations."
        >
          <CodeBlock
            label="POST /api/v1/events"
            code={[
              `curl -X POST ${appUrl}/api/v1/events \\`,
              `  -H "Authorization: Bearer sk_live_…" \\`,
              `  -H "Content-Type: application/json" \\`,
              `  -d '{ "name": "user.signed_up", "email": "${email}" }'`,
            ].join("\n")}
          />
        </EmptyState>
      ) : (
        <>
          <ol className="divide-y divide-zinc-100">
            {page.data.map((event) => {
              const at = new Date(event.created_at);
              const keys = Object.keys(event.data);
              return (
                <li key={event.id} className="flex gap-3 px-5 py-3">
                  <span className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-500 ring-4 ring-indigo-50" />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <code className="font-mono text-[13px] font-medium text-zinc-900">
                        {event.name}
                      </code>
                      <time
                        dateTime={event.created_at}
                        title={formatDateTime(at)}
                        className="text-xs text-zinc-500"
                      >
                        {relativeTime(at, now)}
                      </time>
                    </div>
                    {keys.length > 0 && (
                      <pre className="mt-1.5 max-h-40 overflow-auto rounded-md bg-zinc-50 p-2 font-mono text-xs text-zinc-600 ring-1 ring-zinc-200/70">
                        {JSON.stringify(event.data, null, 2)}
                      </pre>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
          {(cursor || page.has_more) && (
            <div className="flex justify-end gap-2 border-t border-zinc-100 px-5 py-3">
              {cursor && (
                <Button variant="secondary" size="sm" asChild>
                  <Link href={base}>Newest</Link>
                </Button>
              )}
              {page.has_more && page.next_cursor && (
                <Button variant="secondary" size="sm" asChild>
                  <Link href={`${base}?events=${encodeURIComponent(page.next_cursor)}`}>
                    Older events
                    <ArrowRight aria-hidden />
                  </Link>
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </Card>
  );
}
