import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { auth } from "@/lib/web/auth";
import { serviceContext, type ServiceContext } from "@/lib/core/context";
import type { Runtime } from "@/lib/core/runtime";
import { getRuntime } from "@/lib/start/runtime";
import { findUserById, projectsOfUser } from "@/lib/users/users";
import { loginHref, REQUESTED_PATH_HEADER } from "./return-path";

export const PROJECT_COOKIE = "mw_project";

export type DashboardProject = { id: string; name: string; role: "admin" | "member" };
export type DashboardContext = {
  user: { id: string; email: string; name: string | null; mustChangePassword: boolean };
  /** The `sessions` row of this browser (null only where tests stand in for Auth.js). */
  sessionId: string | null;
  projects: DashboardProject[];
  project: DashboardProject;
  /** What services receive: the current project, like a live key, with the user's role in it. */
  ctx: ServiceContext;
  appUrl: string;
};

/**
 * The signed-in user and their current project (cookie `mw_project` when it names one of their
 * projects, else the first). Null when signed out, deleted, or a member of no project.
 *
 * Every page, server action and dashboard route handler comes through here. `auth()` runs the
 * Auth.js jwt callback (lib/web/auth), which accepts the cookie only while its `sessions` row exists
 * and is unexpired: a session ended on the server is refused here at once. The session carries
 * only the user id: user, memberships and role are read on every request, so a role change
 * applies at once (nothing about access is frozen into the cookie).
 */
export const loadDashboardContext = cache(async (): Promise<DashboardContext | null> => {
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) return null;
  const runtime = await getRuntime();
  const wanted = (await cookies()).get(PROJECT_COOKIE)?.value;
  return dashboardContextFor(runtime, userId, wanted, session.sessionId ?? null);
});

/** The context for one user id and wanted project, read fresh from the database. */
export async function dashboardContextFor(
  runtime: Runtime,
  userId: string,
  wantedProjectId: string | undefined,
  sessionId: string | null = null,
): Promise<DashboardContext | null> {
  const user = await findUserById(runtime.db, userId);
  if (!user) return null;
  const projects = await projectsOfUser(runtime.db, user.id);
  const project = projects.find((p) => p.id === wantedProjectId) ?? projects[0];
  if (!project) return null;
  return {
    user,
    sessionId,
    projects,
    project,
    ctx: serviceContext(runtime, project.id, "live", project.role),
    appUrl: runtime.config.appUrl,
  };
}

/** Makes `projectId` the current project of this browser (the user must be a member of it). */
export async function rememberProject(projectId: string, appUrl: string) {
  (await cookies()).set(PROJECT_COOKIE, projectId, {
    httpOnly: true,
    sameSite: "lax",
    secure: appUrl.startsWith("https://"),
    path: "/",
    maxAge: 60 * 60 * 24 * 365,
  });
}

/** Where a user who signed in with a generated password finishes setting up their account. */
export const WELCOME_PATH = "/welcome";

/**
 * For pages (and the server components they render): the context, or a redirect to the sign-in
 * page that brings the visitor back to the page they asked for once signed in. A user who still
 * has to replace a generated password is sent to the welcome page instead: no page or action
 * opens before that. Server actions reach it through dashboardAction (./action.ts) only.
 */
export async function requireDashboard(): Promise<DashboardContext> {
  const context = await loadDashboardContext();
  if (!context) redirect(loginHref((await headers()).get(REQUESTED_PATH_HEADER)));
  if (context.user.mustChangePassword) redirect(WELCOME_PATH);
  return context;
}
