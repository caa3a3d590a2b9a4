import type { ReactNode } from "react";
import { AppShell } from "@/components/app-shell/app-shell";
import { PublicUrlWarning } from "@/components/app-shell/public-url-warning";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { can } from "@/lib/core/permissions";
import { isLoopbackUrl } from "@/lib/instance/public-url";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { user, projects, project, ctx } = await requireDashboard();
  // Every page: the process's own URL in force (lib/instance/public-url.ts keeps it current), no query;
  // delivery is asked only when the URL is local (the transports cache their answer).
  const publicUrl = ctx.config.appUrl;
  const warn = isLoopbackUrl(publicUrl) && (await ctx.transports.canDeliver(ctx.projectId));
  return (
    <AppShell
      user={user}
      projects={projects}
      project={project}
      banner={
        warn ? (
          <PublicUrlWarning url={publicUrl} canFix={can(project.role, "settings.manage")} />
        ) : null
      }
    >
      {children}
    </AppShell>
  );
}
