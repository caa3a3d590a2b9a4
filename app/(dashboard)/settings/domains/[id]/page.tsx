import { ChevronLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/app-shell/page-header";
import { DeleteDomainButton } from "@/components/domains/delete-domain-button";
import { DnsRecordsPanel } from "@/components/domains/dns-records-panel";
import { DomainReceivingCard } from "@/components/domains/domain-receiving-card";
import { DomainTrackingCard } from "@/components/domains/domain-tracking-card";
import { DomainWarmupCard } from "@/components/domains/domain-warmup-card";
import { DomainStatusBadge } from "@/components/domains/domain-status-badge";
import { MarkVerifiedButton } from "@/components/domains/mark-verified-button";
import { AdminOnly } from "@/components/settings/admin-only";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Notice } from "@/components/ui/notice";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { MANUAL_BY_CLI } from "@/lib/domains/create";
import { getDomain } from "@/lib/domains/get";
import { serializeDomain } from "@/lib/domains/serialize";
import { spfAdvice } from "@/lib/domains/spf";
import { domainWarmupStatus } from "@/lib/domains/warmup";
import { NotFoundError } from "@/lib/core/errors";
import { can } from "@/lib/core/permissions";

type Props = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Domain" };

export default async function DomainPage({ params }: Props) {
  const { ctx, project } = await requireDashboard();
  if (!can(ctx.role, "domains.manage")) {
    return <AdminOnly title="Domains" permission="domains.manage" projectName={project.name} />;
  }
  const { id } = await params;
  const row = await getDomain(ctx, id).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  const domain = serializeDomain(row, ctx.config);
  const warmup = await domainWarmupStatus(ctx, row);
  const now = ctx.clock.now();

  return (
    <>
      <PageHeader
        eyebrow={
          <Link
            href="/settings/domains"
            className="inline-flex items-center gap-1 text-[13px] font-medium text-zinc-500 hover:text-zinc-800"
          >
            <ChevronLeft aria-hidden className="size-4" />
            Domains
          </Link>
        }
        title={<span className="break-all">{domain.name}</span>}
        actions={
          <>
            {domain.status !== "verified" && (
              <MarkVerifiedButton domain={{ id: domain.id, name: domain.name }} />
            )}
            <DeleteDomainButton domain={{ id: domain.id, name: domain.name }} />
          </>
        }
      />
      <div className="grid gap-6">
        <Card>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-4 px-5 py-4 text-sm lg:grid-cols-4">
            <Item label="Status">
              <DomainStatusBadge status={domain.status} />
            </Item>
            <Item label="Verified">
              <When iso={domain.verified_at} now={now} empty="Not yet" />
            </Item>
            <Item label="Last checked">
              <When iso={domain.last_checked_at} now={now} empty="Never" />
            </Item>
            <Item label="Domain ID" className="col-span-2 lg:col-span-1">
              <span className="flex min-w-0 items-center gap-1">
                <code className="truncate font-mono text-xs text-zinc-700">{domain.id}</code>
                <CopyButton
                  value={domain.id}
                  label="Copy domain ID"
                  variant="ghost"
                  className="size-6"
                />
              </span>
            </Item>
          </dl>
          {domain.verification === "manual" && domain.verified_at && (
            <div className="border-t border-zinc-100 px-5 py-4">
              <Notice tone="warning" title={manualVerificationTitle(domain)}>
                Its DKIM record has not been found in DNS, so receivers may reject mail from{" "}
                {domain.name} or file it as spam. Publish the records below and run “Verify DNS”: a
                failing check keeps the domain verified.
              </Notice>
            </div>
          )}
          {domain.status !== "verified" && (
            <div className="border-t border-zinc-100 px-5 py-4">
              {domain.status === "failed" ? (
                <Notice tone="error" title="The DKIM record does not match">
                  Mail from {domain.name} is refused until the DKIM record below is published with
                  exactly this value.
                </Notice>
              ) : (
                <Notice tone="info" title="Publish the DKIM record, then verify">
                  Until then, sending from an address at {domain.name} is refused. DNS changes can
                  take a few minutes to a few hours to appear.
                </Notice>
              )}
            </div>
          )}
        </Card>
        <DnsRecordsPanel
          domain={domain}
          sharedReturnPath={Boolean(ctx.config.bounceDomain)}
          spf={spfAdvice(ctx.config)}
        />
        <DomainTrackingCard domain={domain} trackingHost={new URL(ctx.config.appUrl).host} />
        <DomainWarmupCard
          domain={{ id: domain.id, name: domain.name, verified: domain.status === "verified" }}
          status={warmup}
        />
        <DomainReceivingCard domain={domain} />
      </div>
    </>
  );
}

/** "Marked verified by ada@example.com on 3 Jun 2026, 14:05" (or "…from the admin CLI…"). */
function manualVerificationTitle(domain: {
  verified_by: string | null;
  verified_at: string | null;
}) {
  const when = domain.verified_at ? ` on ${formatDateTime(new Date(domain.verified_at))}` : "";
  if (domain.verified_by === MANUAL_BY_CLI) return `Marked verified with the admin CLI${when}`;
  return `Marked verified by ${domain.verified_by ?? "an admin"}${when}`;
}

function Item({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`min-w-0 ${className ?? ""}`}>
      <dt className="text-xs font-medium text-zinc-500">{label}</dt>
      <dd className="mt-1 text-zinc-800">{children}</dd>
    </div>
  );
}

function When({ iso, now, empty }: { iso: string | null; now: Date; empty: string }) {
  if (!iso) return <span className="text-zinc-400">{empty}</span>;
  const at = new Date(iso);
  return (
    <time dateTime={iso} title={formatDateTime(at)}>
      {relativeTime(at, now)}
    </time>
  );
}
