"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { createProjectForUser } from "@/lib/projects/create";
import { deleteProject } from "@/lib/projects/delete";
import { projectsOfUser } from "@/lib/users/users";
import { rememberProject, requireDashboard } from "../context";
import { failure, success, toFormState, type FormState } from "../form-state";

/** Switches the current project (only to one the user is a member of) and opens its overview. */
export async function switchProjectAction(projectId: string) {
  const { projects, appUrl } = await requireDashboard();
  if (projects.some((p) => p.id === projectId)) {
    await rememberProject(projectId, appUrl);
  }
  redirect("/overview");
}

export type CreatedProject = { id: string; name: string; keys: { live: string; test: string } };

/**
 * Project switcher → New project. The keys are returned once, to the dialog that shows them;
 * leaving that dialog switches to the new project (switchProjectAction).
 */
export async function createProjectAction(
  _previous: FormState<CreatedProject>,
  form: FormData,
): Promise<FormState<CreatedProject>> {
  const { ctx, user } = await requireDashboard();
  const name = String(form.get("name") ?? "");
  if (!name.trim()) {
    return failure("Give the project a name.", { name: "Enter a name for the project." });
  }
  try {
    const { project, keys } = await createProjectForUser(ctx, user.id, { name });
    revalidatePath("/", "layout");
    return success("Project created", { id: project.id, name: project.name, keys });
  } catch (error) {
    const state = toFormState(error, ["name"]);
    return state.status === "error" ? { ...state, values: { name } } : state;
  }
}

/**
 * Settings → General → Danger zone. On success this browser's current project becomes the
 * user's next one (they always have one: lib/projects/delete.ts); the dialog then opens its
 * overview.
 */
export async function deleteProjectAction(confirmation: string): Promise<FormState> {
  const { ctx, user, appUrl } = await requireDashboard();
  try {
    await deleteProject(ctx, { confirmation }, user.id);
  } catch (error) {
    return toFormState(error, []);
  }
  const [next] = await projectsOfUser(ctx.db, user.id);
  if (next) await rememberProject(next.id, appUrl);
  revalidatePath("/", "layout");
  return success("Project deleted");
}
