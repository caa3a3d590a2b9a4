"use server";

import { redirect } from "next/navigation";
import { rememberProject, requireDashboard } from "../context";

/** Switches the current project (only to one the user is a member of) and opens its overview. */
export async function switchProjectAction(projectId: string) {
  const { projects, appUrl } = await requireDashboard();
  if (projects.some((p) => p.id === projectId)) {
    await rememberProject(projectId, appUrl);
  }
  redirect("/overview");
}
