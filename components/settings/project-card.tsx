"use client";

import { useActionState, useEffect } from "react";
import { projectCliCommands } from "@/lib/cli/shown-commands";
import { renameProjectAction } from "@/lib/web/dashboard/actions/settings";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { CodeBlock } from "../ui/code-block";
import { CopyButton } from "../ui/copy-button";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { useToast } from "../ui/toast";

/** Settings → General → Project: its name (renamed here) and its id, with the CLI that needs it. */
export function ProjectCard({ project }: { project: { id: string; name: string } }) {
  const toast = useToast();
  const [state, action, pending] = useActionState<FormState, FormData>(renameProjectAction, IDLE);
  useEffect(() => {
    if (state.status === "success") toast({ title: "Project renamed" });
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps
  const error = state.status === "error" ? (state.fieldErrors.name ?? state.message) : undefined;

  return (
    <Card className="grid gap-5 p-5 sm:p-6">
      <div>
        <h2 className="text-[15px] font-semibold text-zinc-900">Project</h2>
        <p className="mt-1 text-[13px] text-zinc-500">How this project is named and identified.</p>
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <form action={action} className="grid content-start gap-3" noValidate>
          <Field id="project-name" label="Project name" error={error}>
            <Input
              id="project-name"
              name="name"
              defaultValue={
                state.status === "error" ? (state.values?.name ?? project.name) : project.name
              }
              maxLength={120}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy("project-name", error)}
            />
          </Field>
          <div>
            <Button type="submit" variant="secondary" disabled={pending}>
              {pending ? "Renaming…" : "Rename project"}
            </Button>
          </div>
        </form>
        <div className="grid min-w-0 content-start gap-1.5">
          <span className="text-[13px] font-medium text-zinc-800">Project ID</span>
          <div className="flex min-w-0 items-center gap-1.5 rounded-lg bg-zinc-50 py-1 pr-1 pl-3 ring-1 ring-zinc-200 ring-inset">
            <code
              data-testid="project-id"
              className="min-w-0 flex-1 truncate font-mono text-sm text-zinc-800"
            >
              {project.id}
            </code>
            <CopyButton value={project.id} label="Copy project ID" variant="ghost" />
          </div>
          <p className="text-[13px] text-zinc-500">
            The admin CLI (<code className="font-mono text-xs">npm run admin</code>) names the
            project by this id. It never changes, even when the project is renamed.
          </p>
        </div>
      </div>
      <CodeBlock
        code={projectCliCommands(project.id).join("\n")}
        label="Admin CLI for this project"
      />
    </Card>
  );
}
