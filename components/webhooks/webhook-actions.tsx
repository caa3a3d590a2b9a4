"use client";

import { ExternalLink, MoreHorizontal, Pause, Pencil, Play, Send, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import {
  deleteWebhookAction,
  sendTestEventAction,
  setWebhookActiveAction,
} from "@/lib/web/dashboard/actions/webhooks";
import { Button } from "../ui/button";
import { ConfirmActionDialog } from "../ui/confirm-action-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { useToast } from "../ui/toast";
import { WebhookFormDialog, type EditableWebhook } from "./webhook-form-dialog";

function useToggleActive(webhook: EditableWebhook) {
  const [pending, startTransition] = useTransition();
  const toast = useToast();
  const toggle = () =>
    startTransition(async () => {
      const result = await setWebhookActiveAction(webhook.id, !webhook.active);
      toast(
        result.status === "success"
          ? { title: result.message ?? "Saved", description: webhook.url }
          : { title: result.status === "error" ? result.message : "Failed", tone: "error" },
      );
    });
  return { pending, toggle };
}

/** The "…" menu of an endpoint row. */
export function WebhookRowActions({ webhook }: { webhook: EditableWebhook }) {
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const close = (open: boolean) => !open && setDialog(null);
  const { toggle } = useToggleActive(webhook);
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${webhook.url}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-44">
          <DropdownMenuItem asChild>
            <Link href={`/settings/webhooks/${webhook.id}`}>
              <ExternalLink aria-hidden />
              Deliveries
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog("edit")}>
            <Pencil aria-hidden />
            Edit
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={toggle}>
            {webhook.active ? <Pause aria-hidden /> : <Play aria-hidden />}
            {webhook.active ? "Disable" : "Enable"}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => setDialog("delete")}>
            <Trash2 aria-hidden />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <WebhookFormDialog webhook={webhook} open={dialog === "edit"} onOpenChange={close} />
      <DeleteWebhookDialog webhook={webhook} open={dialog === "delete"} onOpenChange={close} />
    </>
  );
}

/** Queues a signed `webhook.test` delivery; it shows in the log below once attempted. */
function useSendTestEvent(webhook: EditableWebhook) {
  const [pending, startTransition] = useTransition();
  const toast = useToast();
  const router = useRouter();
  const send = () =>
    startTransition(async () => {
      const result = await sendTestEventAction(webhook.id);
      toast(
        result.status === "success"
          ? { title: "Test event sent", description: "It appears in the deliveries log." }
          : { title: result.status === "error" ? result.message : "Failed", tone: "error" },
      );
      router.refresh();
    });
  return { pending, send };
}

/** Send test event, edit, enable/disable and delete on the endpoint's own page. */
export function WebhookPageActions({ webhook }: { webhook: EditableWebhook }) {
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const close = (open: boolean) => !open && setDialog(null);
  const { pending, toggle } = useToggleActive(webhook);
  const test = useSendTestEvent(webhook);
  return (
    <>
      <Button
        variant="secondary"
        onClick={test.send}
        disabled={test.pending || !webhook.active}
        title={webhook.active ? undefined : "Enable the endpoint to send a test event"}
      >
        <Send aria-hidden />
        Send test event
      </Button>
      <Button variant="secondary" onClick={() => setDialog("edit")}>
        <Pencil aria-hidden />
        Edit
      </Button>
      <Button variant="secondary" onClick={toggle} disabled={pending}>
        {webhook.active ? <Pause aria-hidden /> : <Play aria-hidden />}
        {webhook.active ? "Disable" : "Enable"}
      </Button>
      <Button variant="secondary" className="text-red-600" onClick={() => setDialog("delete")}>
        <Trash2 aria-hidden />
        Delete
      </Button>
      <WebhookFormDialog webhook={webhook} open={dialog === "edit"} onOpenChange={close} />
      <DeleteWebhookDialog
        webhook={webhook}
        open={dialog === "delete"}
        onOpenChange={close}
        afterDelete="/settings/webhooks"
      />
    </>
  );
}

function DeleteWebhookDialog({
  webhook,
  open,
  onOpenChange,
  afterDelete,
}: {
  webhook: { id: string; url: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  afterDelete?: string;
}) {
  return (
    <ConfirmActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this webhook endpoint?"
      description={
        <>
          <span className="font-medium break-all text-zinc-900">{webhook.url}</span> will stop
          receiving events. Its delivery log is deleted and pending retries are dropped. This cannot
          be undone.
        </>
      }
      confirmLabel="Delete endpoint"
      onConfirm={() => deleteWebhookAction(webhook.id)}
      done={{ title: "Webhook endpoint deleted", description: webhook.url }}
      afterDone={afterDelete}
    />
  );
}
