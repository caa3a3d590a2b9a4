import { Globe } from "lucide-react";
import type { Metadata } from "next";
import { PageHeader } from "@/components/app-shell/page-header";
import { AddDomainDialog } from "@/components/domains/add-domain-dialog";
import { DomainsTable } from "@/components/domains/domains-table";
import { AdminOnly } from "@/components/settings/admin-only";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { listDomains } from "@/lib/domains/list";
import { can } from "@/lib/core/permissions";

export const metadata: Metadata = { title: "Domains" };

export default async function DomainsPage() {
  const { ctx, project } = await requireDashboard();
  if (!can(ctx.role, "domains.manage")) {
    return <AdminOnly title="Domains" permission="domains.manage" projectName={project.name} />;
  }
  // A project has a handful of domains: one page of the maximum size shows them all.
  const page = await listDomains(ctx, { limit: 100 });
  const verified = page.data.filter((d) => d.status === "verified").length;

  return (
    <>
      <PageHeader
        eyebrow={<span className="text-[13px] font-medium text-zinc-500">Settings</span>}
        title="Domains"
        description="The domains you send from. A domain is verified once its DKIM record is found in DNS; mail from it is then signed."
        actions={<AddDomainDialog />}
      />
      <Card className="overflow-hidden">
        {page.data.length === 0 ? (
          <EmptyState
            icon={Globe}
            title="No domains yet"
            description="Add the domain you send from. You will get the DNS records to publish; once the DKIM record is found, you can send from any address at that domain."
          >
            <AddDomainDialog label="Add your first domain" />
          </EmptyState>
        ) : (
          <>
            <div className="border-b border-zinc-100 px-5 py-3 text-[13px] text-zinc-500">
              {verified} of {page.data.length} {page.data.length === 1 ? "domain" : "domains"}{" "}
              verified
            </div>
            <DomainsTable domains={page.data} now={ctx.clock.now()} />
          </>
        )}
      </Card>
    </>
  );
}
