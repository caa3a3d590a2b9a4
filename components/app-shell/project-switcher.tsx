"use client";

import { Check, ChevronsUpDown, Plus } from "lucide-react";
import { useState, useTransition } from "react";
import { switchProjectAction } from "@/lib/web/dashboard/actions/projects";
import type { DashboardProject } from "@/lib/web/dashboard/context";
import { cn } from "../ui/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { NewProjectDialog } from "./new-project-dialog";

const TILE_COLORS = [
  "bg-indigo-500",
  "bg-emerald-500",
  "bg-amber-500",
  "bg-rose-500",
  "bg-sky-500",
];

function ProjectTile({ project, className }: { project: DashboardProject; className?: string }) {
  // A stable colour per project id, so projects are told apart at a glance.
  const hash = [...project.id].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);
  return (
    <span
      aria-hidden
      className={cn(
        "grid size-5 shrink-0 place-items-center rounded-md text-[11px] font-semibold text-white",
        TILE_COLORS[hash % TILE_COLORS.length],
        className,
      )}
    >
      {project.name.trim().charAt(0).toUpperCase() || "P"}
    </span>
  );
}

export function ProjectSwitcher({
  projects,
  current,
}: {
  projects: DashboardProject[];
  current: DashboardProject;
}) {
  const [pending, startTransition] = useTransition();
  const [creating, setCreating] = useState(false);
  // An admin of any project may create one (lib/core/permissions.ts "projects.create").
  const canCreate = projects.some((p) => p.role === "admin");
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          aria-label={`Project: ${current.name}. Switch project`}
          className={cn(
            "flex w-full cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm outline-none",
            "ring-1 ring-zinc-200/80 hover:bg-white focus-visible:ring-2 focus-visible:ring-indigo-500 data-[state=open]:bg-white",
            pending && "opacity-60",
          )}
        >
          <ProjectTile project={current} />
          <span className="min-w-0 flex-1 truncate font-medium text-zinc-800">{current.name}</span>
          <ChevronsUpDown aria-hidden className="size-3.5 text-zinc-400" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel>Projects</DropdownMenuLabel>
          {projects.map((project) => (
            <DropdownMenuItem
              key={project.id}
              onSelect={() => {
                if (project.id !== current.id)
                  startTransition(() => switchProjectAction(project.id));
              }}
            >
              <ProjectTile project={project} />
              <span className="min-w-0 flex-1 truncate">{project.name}</span>
              {project.id === current.id && (
                <Check aria-label="Current project" className="text-indigo-600!" />
              )}
            </DropdownMenuItem>
          ))}
          {canCreate && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => setCreating(true)}>
                <Plus aria-hidden />
                New project
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <NewProjectDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
