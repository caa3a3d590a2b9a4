"use client";

import { MoreHorizontal, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import type { TopicResource } from "@/lib/topics/serialize";
import { deleteTopicAction } from "@/lib/web/dashboard/actions/topics";
import { Button } from "../ui/button";
import { ConfirmActionDialog } from "../ui/confirm-action-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { TopicFormDialog } from "./topic-form-dialog";

export function NewTopicButton({ label = "New topic" }: { label?: string }) {
  return (
    <TopicFormDialog
      trigger={
        <Button>
          <Plus aria-hidden />
          {label}
        </Button>
      }
    />
  );
}

/** The "…" menu of a topic row: edit, delete. */
export function TopicRowActions({ topic }: { topic: TopicResource }) {
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const close = (open: boolean) => !open && setDialog(null);
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${topic.name}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-40">
          <DropdownMenuItem onSelect={() => setDialog("edit")}>
            <Pencil aria-hidden />
            Edit
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => setDialog("delete")}>
            <Trash2 aria-hidden />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <TopicFormDialog topic={topic} open={dialog === "edit"} onOpenChange={close} />
      <ConfirmActionDialog
        open={dialog === "delete"}
        onOpenChange={close}
        title="Delete this topic?"
        description={
          <>
            <span className="font-medium break-all text-zinc-900">{topic.name}</span> leaves the
            preference page, and every contact’s choice about it is forgotten. This cannot be
            undone.
          </>
        }
        confirmLabel="Delete topic"
        onConfirm={() => deleteTopicAction(topic.id)}
        done={{ title: "Topic deleted", description: topic.name }}
        afterDone="refresh"
      />
    </>
  );
}
