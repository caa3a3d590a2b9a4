import type { ReactNode } from "react";
import { AppShell } from "@/components/app-shell/app-shell";
import { PublicUrlWarning } from "@/components/app-shell/public-url-warning";
import { requireDashboard } from "@/lib/dashboard/context";
import { can } from "@/lib/permissions";
import { publicUrlOf } from "@/lib/public-url";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { user, projects, project, ctx } = await requireDashboard();
  const publicUrl = await publicUrlOf(ctx);
  const warn = publicUrl.loopback && (await ctx.transports.canDeliver(ctx.projectId));
  return (
    <AppShell
      user={user}
      projects={projects}
      project={project}
      banner={
        warn ? (
          <PublicUrlWarning url={publicUrl.url} canFix={can(project.role, "settings.manage")} />
        ) : null
      }
    >
      {children}
    </AppShell>
  );
}
