"use client";

import { Trash2 } from "lucide-react";
import { useState } from "react";
import { deleteProjectAction } from "@/lib/web/dashboard/actions/projects";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { ConfirmActionDialog } from "../ui/confirm-action-dialog";
import { Field } from "../ui/field";
import { Input } from "../ui/input";

/**
 * Settings → General → Danger zone: delete this project behind its typed name. The service
 * refuses the instance's last project and the admin's own last one; the second is known here,
 * so the button says so instead of failing.
 */
export function DangerZone({
  project,
  onlyProjectOfUser,
}: {
  project: { id: string; name: string };
  onlyProjectOfUser: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const matches = typed.trim() === project.name.trim();

  return (
    <Card className="grid gap-4 p-5 ring-red-200 sm:p-6">
      <div>
        <h2 className="text-[15px] font-semibold text-red-700">Danger zone</h2>
        <p className="mt-1 text-[13px] text-zinc-500">Changes here cannot be undone.</p>
      </div>
      <div className="flex flex-col gap-3 rounded-lg bg-red-50/40 p-4 ring-1 ring-red-100 ring-inset sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-zinc-900">Delete this project</p>
          <p className="mt-0.5 text-[13px] text-pretty text-zinc-600">
            {onlyProjectOfUser
              ? "This is your only project. Create another one from the project switcher first, then delete this one."
              : "Removes the project and everything in it for every member."}
          </p>
        </div>
        <Button
          variant="danger"
          className="shrink-0"
          disabled={onlyProjectOfUser}
          onClick={() => {
            setTyped("");
            setOpen(true);
          }}
        >
          <Trash2 aria-hidden />
          Delete project
        </Button>
      </div>
      <ConfirmActionDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${project.name}?`}
        description={
          <>
            Its contacts, emails and their history, templates, campaigns, automations, segments,
            domains, webhooks, API keys and members’ access are deleted for good. Mail already
            handed to a relay still arrives; nothing else is sent from it.
          </>
        }
        confirmLabel="Delete project"
        confirmDisabled={!matches}
        onConfirm={() => deleteProjectAction(typed)}
        done={{ title: "Project deleted", description: project.name }}
        afterDone="/overview"
      >
        <div className="px-6 pb-4">
          <Field
            id="delete-project-confirmation"
            label={
              <>
                Type <span className="font-semibold">{project.name}</span> to confirm
              </>
            }
          >
            <Input
              id="delete-project-confirmation"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
        </div>
      </ConfirmActionDialog>
    </Card>
  );
}
