import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { auth } from "../auth";
import { serviceContext, type ServiceContext } from "../context";
import { getRuntime } from "../runtime";
import { projectsOfUser } from "../users/users";
import { findUserById } from "./users";

export const PROJECT_COOKIE = "mw_project";

export type DashboardProject = { id: string; name: string; role: "admin" | "member" };
export type DashboardContext = {
  user: { id: string; email: string; name: string | null };
  projects: DashboardProject[];
  project: DashboardProject;
  /** What services receive: the dashboard acts on the current project like a live key. */
  ctx: ServiceContext;
  appUrl: string;
};

/**
 * The signed-in user and their current project (cookie `mw_project` when it names one of their
 * projects, else the first). Null when signed out, deleted, or a member of no project.
 */
export const loadDashboardContext = cache(async (): Promise<DashboardContext | null> => {
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) return null;
  const runtime = await getRuntime();
  const user = await findUserById(runtime.db, userId);
  if (!user) return null;
  const projects = await projectsOfUser(runtime.db, user.id);
  const wanted = (await cookies()).get(PROJECT_COOKIE)?.value;
  const project = projects.find((p) => p.id === wanted) ?? projects[0];
  if (!project) return null;
  return {
    user,
    projects,
    project,
    ctx: serviceContext(runtime, project.id, "live"),
    appUrl: runtime.config.appUrl,
  };
});

/** For pages and server actions: the context, or a redirect to the sign-in page. */
export async function requireDashboard(): Promise<DashboardContext> {
  const context = await loadDashboardContext();
  if (!context) redirect("/login");
  return context;
}
