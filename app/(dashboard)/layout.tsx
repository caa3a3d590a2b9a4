import type { ReactNode } from "react";
import { AppShell } from "@/components/app-shell/app-shell";
import { requireDashboard } from "@/lib/dashboard/context";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { user, projects, project } = await requireDashboard();
  return (
    <AppShell user={user} projects={projects} project={project}>
      {children}
    </AppShell>
  );
}
