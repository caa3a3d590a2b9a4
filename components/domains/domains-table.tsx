import { ChevronRight } from "lucide-react";
import Link from "next/link";
import type { DomainResource } from "@/lib/domains/serialize";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { DomainStatusBadge } from "./domain-status-badge";

export function DomainsTable({ domains, now }: { domains: DomainResource[]; now: Date }) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Domain</TH>
          <TH>Status</TH>
          <TH className="hidden lg:table-cell">Tracking</TH>
          <TH className="hidden md:table-cell">Last checked</TH>
          <TH className="hidden sm:table-cell">Added</TH>
          <TH className="w-10">
            <span className="sr-only">Open</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {domains.map((domain) => {
          const added = new Date(domain.created_at);
          const checked = domain.last_checked_at ? new Date(domain.last_checked_at) : null;
          return (
            <TR key={domain.id} className="group relative">
              <TD className="max-w-64 py-3">
                {/* The link covers the row, so the whole row opens the domain. */}
                <Link
                  href={`/settings/domains/${domain.id}`}
                  className="block truncate font-medium text-zinc-900 group-hover:text-indigo-600 after:absolute after:inset-0"
                >
                  {domain.name}
                </Link>
              </TD>
              <TD>
                <DomainStatusBadge status={domain.status} />
              </TD>
              <TD className="hidden whitespace-nowrap text-zinc-500 lg:table-cell">
                {trackingSummary(domain)}
              </TD>
              <TD className="hidden whitespace-nowrap text-zinc-500 md:table-cell">
                {checked ? (
                  <time dateTime={domain.last_checked_at!} title={formatDateTime(checked)}>
                    {relativeTime(checked, now)}
                  </time>
                ) : (
                  <span className="text-zinc-400">Never</span>
                )}
              </TD>
              <TD className="hidden whitespace-nowrap text-zinc-500 sm:table-cell">
                <time dateTime={domain.created_at} title={formatDateTime(added)}>
                  {relativeTime(added, now)}
                </time>
              </TD>
              <TD className="text-right">
                <ChevronRight aria-hidden className="ml-auto size-4 text-zinc-400" />
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}

/** "Opens and clicks", "Opens only", "Clicks only" or "Off". */
export function trackingSummary(domain: Pick<DomainResource, "open_tracking" | "click_tracking">) {
  if (domain.open_tracking && domain.click_tracking) return "Opens and clicks";
  if (domain.open_tracking) return "Opens only";
  if (domain.click_tracking) return "Clicks only";
  return "Off";
}
