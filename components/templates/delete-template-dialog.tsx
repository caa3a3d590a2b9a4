"use client";

import { ArrowUpRight, LoaderCircle } from "lucide-react";
import Link from "next/link";
import { useEffect, useState } from "react";
import {
  deleteTemplateAction,
  templateDependantsAction,
} from "@/lib/web/dashboard/actions/templates";
import type { TemplateDependant } from "@/lib/templates/dependants";
import { Badge } from "../ui/badge";
import { ConfirmActionDialog } from "../ui/confirm-action-dialog";

const STATUS_TONE: Record<string, "green" | "amber" | "red" | "neutral"> = {
  live: "green",
  sending: "green",
  queued: "amber",
  paused: "red",
};

export function DeleteTemplateDialog({
  template,
  open,
  onOpenChange,
  afterDelete,
}: {
  template: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where to go afterwards (the editor leaves for the list); default: stay. */
  afterDelete?: string;
}) {
  // null while loading: Delete stays disabled until we know nothing depends on the template.
  const [dependants, setDependants] = useState<TemplateDependant[] | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    templateDependantsAction(template.id).then((found) => {
      if (current) setDependants(found);
    });
    return () => {
      current = false;
      // Asked afresh on each opening: a stale "unused" must not enable Delete.
      setDependants(null);
    };
  }, [open, template.id]);

  const inUse = dependants !== null && dependants.length > 0;
  return (
    <ConfirmActionDialog
      open={open}
      onOpenChange={onOpenChange}
      afterDone={afterDelete}
      title={inUse ? "This template is in use" : "Delete this template?"}
      confirmLabel="Delete template"
      confirmDisabled={dependants === null || inUse}
      onConfirm={() => deleteTemplateAction(template.id)}
      done={{ title: "Template deleted", description: template.name }}
      description={
        inUse ? (
          <>
            <span className="font-medium text-zinc-900">{template.name}</span> can&apos;t be deleted
            while the automations and campaigns below use it. Switch them to another template first,
            then delete it.
          </>
        ) : (
          <>
            <span className="font-medium text-zinc-900">{template.name}</span> will be removed.
            Emails already sent with it are kept. This cannot be undone.
          </>
        )
      }
    >
      {dependants === null ? (
        <p className="flex items-center gap-2 px-6 pb-4 text-sm text-zinc-500">
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
          Checking where it is used…
        </p>
      ) : inUse ? (
        <ul
          aria-label="Used by"
          className="mx-6 mb-5 divide-y divide-zinc-100 rounded-lg ring-1 ring-zinc-200"
        >
          {dependants.map((d) => (
            <li key={`${d.type}:${d.id}`}>
              <Link
                href={`/${d.type}s/${d.id}`}
                className="group flex items-center gap-3 px-3 py-2.5 text-sm hover:bg-zinc-50"
              >
                <span className="w-20 shrink-0 text-xs text-zinc-500 capitalize">{d.type}</span>
                <span className="min-w-0 flex-1 truncate font-medium text-zinc-900 group-hover:underline">
                  {d.name}
                </span>
                <Badge tone={STATUS_TONE[d.status] ?? "neutral"} className="capitalize">
                  {d.status}
                </Badge>
                <ArrowUpRight aria-hidden className="size-4 shrink-0 text-zinc-400" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </ConfirmActionDialog>
  );
}
