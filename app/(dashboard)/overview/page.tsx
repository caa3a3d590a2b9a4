import { BookOpen, KeyRound, UserCheck, UserMinus, Users } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/app-shell/page-header";
import { FirstSendChecklist } from "@/components/overview/first-send-checklist";
import { SendingOverview } from "@/components/overview/sending-overview";
import { StatCard } from "@/components/overview/stat-card";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { listContacts } from "@/lib/contacts/list";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { can } from "@/lib/core/permissions";
import { formatCount, relativeTime } from "@/lib/web/dashboard/format";
import { apiKeyUsage } from "@/lib/api-keys/usage";
import { contactTotals } from "@/lib/contacts/count";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const { ctx, project, appUrl, user } = await requireDashboard();
  const [totals, keys, recent] = await Promise.all([
    contactTotals(ctx),
    apiKeyUsage(ctx),
    listContacts(ctx, { limit: 5 }),
  ]);
  const now = ctx.clock.now();

  return (
    <>
      <PageHeader
        title="Overview"
        description={`Everything happening in ${project.name} at a glance.`}
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <StatCard
          label="Contacts"
          value={formatCount(totals.total)}
          icon={Users}
          href="/contacts"
        />
        <StatCard
          label="Subscribed"
          value={formatCount(totals.subscribed)}
          icon={UserCheck}
          href="/contacts?subscribed=true"
        />
        <StatCard
          label="Unsubscribed"
          value={formatCount(totals.unsubscribed)}
          icon={UserMinus}
          href="/contacts?subscribed=false"
        />
        <StatCard
          label="Active API keys"
          value={formatCount(keys.active)}
          icon={KeyRound}
          href={can(project.role, "api_keys.manage") ? "/settings/api-keys" : undefined}
        />
      </div>

      <SendingOverview ctx={ctx} />

      <div className="mt-6 grid gap-6 lg:mt-8 lg:grid-cols-3">
        <FirstSendChecklist ctx={ctx} role={project.role} userEmail={user.email} />

        <div className="grid min-w-0 content-start gap-6">
          <Card>
            <CardHeader
              title="Recent contacts"
              actions={
                totals.total > 0 ? (
                  <Link
                    href="/contacts"
                    className="text-[13px] font-medium text-indigo-600 hover:text-indigo-500"
                  >
                    View all
                  </Link>
                ) : undefined
              }
            />
            {recent.data.length === 0 ? (
              <p className="px-5 py-6 text-[13px] text-zinc-500">
                No contacts yet. They appear here as soon as your first request lands.
              </p>
            ) : (
              <ul className="divide-y divide-zinc-100">
                {recent.data.map((contact) => (
                  <li key={contact.id}>
                    <Link
                      href={`/contacts/${contact.id}`}
                      className="flex items-center gap-3 px-5 py-3 hover:bg-zinc-50"
                    >
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium text-zinc-800">
                          {contact.email}
                        </span>
                        <span className="block text-xs text-zinc-500">
                          {relativeTime(new Date(contact.created_at), now)}
                        </span>
                      </span>
                      {!contact.subscribed && <Badge>Unsubscribed</Badge>}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <Card>
            <CardHeader title="API basics" />
            <dl className="grid gap-3 px-5 py-4 text-[13px]">
              <div>
                <dt className="text-zinc-500">Base URL</dt>
                <dd className="mt-0.5 font-mono break-all text-zinc-800">{appUrl}/api/v1</dd>
              </div>
              <div>
                <dt className="text-zinc-500">Authentication</dt>
                <dd className="mt-0.5 font-mono text-zinc-800">
                  Authorization: Bearer &lt;key&gt;
                </dd>
              </div>
              <div className="flex gap-2 rounded-lg bg-zinc-50 p-3 text-zinc-600 ring-1 ring-zinc-200/70">
                <BookOpen aria-hidden className="mt-0.5 size-4 shrink-0 text-zinc-400" />
                <p>
                  Every endpoint, field and error code, with examples you can send:{" "}
                  <Link
                    href="/docs/api"
                    className="font-medium text-indigo-600 hover:text-indigo-500 hover:underline"
                  >
                    API reference
                  </Link>
                  . Concepts (idempotency, pagination, webhooks) are in the guide,{" "}
                  <code className="font-mono text-[12px] text-zinc-800">docs/api.md</code> of your
                  installation.
                </p>
              </div>
            </dl>
          </Card>
        </div>
      </div>
    </>
  );
}
