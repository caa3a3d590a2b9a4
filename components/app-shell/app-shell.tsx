import type { ReactNode } from "react";
import type { DashboardProject } from "@/lib/web/dashboard/context";
import { Toaster } from "../ui/toast";
import { Logo } from "./logo";
import { MobileNav } from "./mobile-nav";
import { NavLinks } from "./nav-links";
import { ProjectSwitcher } from "./project-switcher";
import { UserMenu, type MenuUser } from "./user-menu";

export type ShellProps = {
  user: MenuUser;
  projects: DashboardProject[];
  project: DashboardProject;
  /** A notice across the top of every page (the loopback public URL warning). */
  banner?: ReactNode;
  children: ReactNode;
};

/** Signed-in frame: a sidebar on wide screens, a top bar with a slide-in sheet on narrow ones. */
export function AppShell({ user, projects, project, banner, children }: ShellProps) {
  return (
    <Toaster>
      <div className="min-h-dvh lg:flex">
        <aside className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col border-r border-zinc-200/80 bg-zinc-100/60 lg:flex">
          <SidebarContent user={user} projects={projects} project={project} />
        </aside>
        <div className="min-w-0 flex-1">
          <MobileNav user={user}>
            <SidebarContent user={user} projects={projects} project={project} />
          </MobileNav>
          {banner}
          <main className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6 lg:px-10 lg:pt-10">
            {children}
          </main>
        </div>
      </div>
    </Toaster>
  );
}

function SidebarContent({ user, projects, project }: Omit<ShellProps, "children" | "banner">) {
  return (
    <div className="flex h-full flex-col gap-5 px-3 py-4">
      <div className="px-1.5 pt-0.5">
        <Logo />
      </div>
      <ProjectSwitcher projects={projects} current={project} />
      <div className="flex-1 overflow-y-auto">
        <NavLinks role={project.role} />
      </div>
      <div className="border-t border-zinc-200/80 pt-3">
        <UserMenu user={user} />
      </div>
    </div>
  );
}
