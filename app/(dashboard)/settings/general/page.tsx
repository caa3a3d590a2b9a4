import type { Metadata } from "next";
import { headers } from "next/headers";
import { PageHeader } from "@/components/app-shell/page-header";
import { AdminOnly } from "@/components/settings/admin-only";
import { DangerZone } from "@/components/settings/danger-zone";
import { GeneralSettingsForm } from "@/components/settings/general-settings-form";
import { ProjectCard } from "@/components/settings/project-card";
import { PublicUrlCard } from "@/components/settings/public-url-card";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { listDomains } from "@/lib/domains/list";
import { can } from "@/lib/core/permissions";
import { DEFAULT_THRESHOLDS } from "@/lib/breaker/judge";
import { projectRow } from "@/lib/projects/settings";
import { requestOrigin } from "@/lib/core/http/request-origin";
import { publicUrlOf } from "@/lib/instance/public-url";

export const metadata: Metadata = { title: "General settings" };

export default async function GeneralSettingsPage() {
  const { ctx, project, projects } = await requireDashboard();
  if (!can(ctx.role, "settings.manage")) {
    return <AdminOnly title="General" permission="settings.manage" projectName={project.name} />;
  }
  const [row, domains, publicUrl] = await Promise.all([
    projectRow(ctx.db, ctx.projectId),
    listDomains(ctx, { limit: 100 }),
    publicUrlOf(ctx),
  ]);
  const browserOrigin = requestOrigin(await headers());
  return (
    <>
      <PageHeader
        eyebrow={<span className="text-[13px] font-medium text-zinc-500">Settings</span>}
        title="General"
        description={`How ${project.name} sends on its own behalf, what its marketing email says about it, and how new contacts subscribe.`}
      />
      <div className="mb-6 grid gap-6">
        <ProjectCard project={{ id: ctx.projectId, name: row?.name ?? project.name }} />
        <PublicUrlCard publicUrl={publicUrl} browserOrigin={browserOrigin} />
      </div>
      <GeneralSettingsForm
        settings={{
          fromName: row?.defaultFromName ?? "",
          fromEmail: row?.defaultFromEmail ?? "",
          doubleOptIn: row?.doubleOptIn ?? false,
          postalAddress: row?.postalAddress ?? "",
          language: row?.language ?? "en",
          bounceRateThreshold: row?.bounceRateThreshold ?? DEFAULT_THRESHOLDS.bounceRateThreshold,
          complaintRateThreshold:
            row?.complaintRateThreshold ?? DEFAULT_THRESHOLDS.complaintRateThreshold,
          breakerMinimumSends: row?.breakerMinimumSends ?? DEFAULT_THRESHOLDS.breakerMinimumSends,
          emailContentRetentionDays: row?.emailContentRetentionDays ?? 90,
          eventRetentionDays: row?.eventRetentionDays ?? 400,
          verifiedDomains: domains.data.filter((d) => d.status === "verified").map((d) => d.name),
        }}
      />
      <div className="mt-10">
        <DangerZone
          project={{ id: ctx.projectId, name: row?.name ?? project.name }}
          onlyProjectOfUser={projects.length <= 1}
        />
      </div>
    </>
  );
}
