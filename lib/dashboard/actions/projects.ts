"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { PROJECT_COOKIE, requireDashboard } from "../context";

/** Switches the current project (only to one the user is a member of) and opens its overview. */
export async function switchProjectAction(projectId: string) {
  const { projects, appUrl } = await requireDashboard();
  if (projects.some((p) => p.id === projectId)) {
    (await cookies()).set(PROJECT_COOKIE, projectId, {
      httpOnly: true,
      sameSite: "lax",
      secure: appUrl.startsWith("https://"),
      path: "/",
      maxAge: 60 * 60 * 24 * 365,
    });
  }
  redirect("/overview");
}
