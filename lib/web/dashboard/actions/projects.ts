"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { createProjectForUser } from "@/lib/projects/create";
import { deleteProject } from "@/lib/projects/delete";
import { projectsOfUser } from "@/lib/users/users";
import { dashboardAction, rethrow } from "../action";
import { formFields, Id, PreviousState, text } from "../action-input";
import { rememberProject } from "../context";
import { failure, success, type FormState } from "../form-state";

/** Switches the current project (only to one the user is a member of) and opens its overview. */
export const switchProjectAction = dashboardAction(
  { args: [Id], errors: rethrow },
  async ({ projects, appUrl }, projectId) => {
    if (projects.some((p) => p.id === projectId)) {
      await rememberProject(projectId, appUrl);
    }
    redirect("/overview");
  },
);

export type CreatedProject = { id: string; name: string; keys: { live: string; test: string } };

/**
 * Project switcher → New project. The keys are returned once, to the dialog that shows them;
 * leaving that dialog switches to the new project (switchProjectAction).
 */
export const createProjectAction = dashboardAction(
  {
    // No `permission`: "projects.create" is judged by the user's best role in any project, not
    // by their role in the current one (lib/projects/create.ts checks it).
    args: [PreviousState, formFields({ name: text })],
    fields: ["name"],
    echo: (_previous, form) => ({ name: form.name }),
  },
  async ({ ctx, user }, _previous, { name }): Promise<FormState<CreatedProject>> => {
    if (!name.trim()) {
      return failure("Give the project a name.", { name: "Enter a name for the project." });
    }
    const { project, keys } = await createProjectForUser(ctx, user.id, { name });
    revalidatePath("/", "layout");
    return success("Project created", { id: project.id, name: project.name, keys });
  },
);

/**
 * Settings → General → Danger zone. On success this browser's current project becomes the
 * user's next one (they always have one: lib/projects/delete.ts); the dialog then opens its
 * overview.
 */
export const deleteProjectAction = dashboardAction(
  { permission: "projects.delete", args: [z.string()] },
  async ({ ctx, user, appUrl }, confirmation) => {
    await deleteProject(ctx, { confirmation }, user.id);
    const [next] = await projectsOfUser(ctx.db, user.id);
    if (next) await rememberProject(next.id, appUrl);
    revalidatePath("/", "layout");
    return success("Project deleted");
  },
);
