"use client";

import { Copy, Eye, MoreHorizontal, Send, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import {
  deleteCampaignAction,
  duplicateCampaignAction,
} from "@/lib/web/dashboard/actions/campaigns";
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
import { PreviewDialog } from "./preview-dialog";
import { TestSendDialog } from "./test-send-dialog";

export type CampaignActionsProps = {
  campaignId: string;
  name: string;
  /** Variant keys with their subjects (A first). */
  subjects: { id: string; subject: string }[];
  /** Only drafts can be deleted. */
  deletable: boolean;
  /** The signed-in user's address: "send a test to me". */
  userEmail: string;
  /** The editor has unsaved changes: preview and test show the saved campaign. */
  unsaved?: boolean;
};

/** Preview, send a test, duplicate, delete: the everyday actions of one campaign. */
export function CampaignActions(props: CampaignActionsProps) {
  const { campaignId, name, deletable } = props;
  const [open, setOpen] = useState<"preview" | "test" | "delete" | null>(null);
  const [duplicating, startDuplicate] = useTransition();
  const router = useRouter();
  const toast = useToast();

  function duplicate() {
    startDuplicate(async () => {
      const result = await duplicateCampaignAction(campaignId);
      if (result.status !== "success" || !result.result) {
        toast({
          title: "Not duplicated",
          description: result.status === "error" ? result.message : undefined,
        });
        return;
      }
      toast({ title: result.message ?? "Campaign duplicated" });
      router.push(`/campaigns/${result.result}`);
    });
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen("preview")}>
        <Eye aria-hidden />
        <span className="max-sm:sr-only">Preview</span>
      </Button>
      <Button variant="secondary" onClick={() => setOpen("test")}>
        <Send aria-hidden />
        <span className="max-sm:sr-only">Send test</span>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary" size="icon" className="size-9" aria-label="More actions">
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={duplicate} disabled={duplicating}>
            <Copy aria-hidden />
            {duplicating ? "Duplicating…" : "Duplicate"}
          </DropdownMenuItem>
          {deletable && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem destructive onSelect={() => setOpen("delete")}>
                <Trash2 aria-hidden />
                Delete draft
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <PreviewDialog
        open={open === "preview"}
        onOpenChange={(next) => setOpen(next ? "preview" : null)}
        campaignId={campaignId}
        unsaved={props.unsaved}
      />
      <TestSendDialog
        open={open === "test"}
        onOpenChange={(next) => setOpen(next ? "test" : null)}
        campaignId={campaignId}
        name={name}
        subjects={props.subjects}
        userEmail={props.userEmail}
        unsaved={props.unsaved}
      />
      {deletable && (
        <ConfirmActionDialog
          open={open === "delete"}
          onOpenChange={(next) => setOpen(next ? "delete" : null)}
          title={`Delete “${name}”?`}
          description="The draft and its subjects are deleted. This cannot be undone."
          confirmLabel="Delete draft"
          onConfirm={() => deleteCampaignAction(campaignId)}
          done={{ title: "Campaign deleted", description: name }}
          afterDone="/campaigns"
        />
      )}
    </>
  );
}
