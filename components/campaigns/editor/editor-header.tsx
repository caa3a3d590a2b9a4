"use client";

import { CalendarClock, ChevronLeft, Send } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { PageHeader } from "../../app-shell/page-header";
import { Button } from "../../ui/button";
import { CampaignStatusBadge } from "../campaign-status-badge";
import type { SaveIntent } from "@/lib/web/dashboard/actions/campaigns";

/** The draft's name, whether it is saved, and its two ways forward: save, or send/schedule. */
export function EditorHeader({
  title,
  dirty,
  busy,
  scheduling,
  onSave,
  onSend,
  actions,
}: {
  title: string;
  dirty: boolean;
  busy: SaveIntent | "confirm" | null;
  scheduling: boolean;
  onSave: () => void;
  onSend: () => void;
  /** Preview, test, duplicate, delete (once the draft is saved). */
  actions?: ReactNode;
}) {
  return (
    <PageHeader
      eyebrow={
        <Link
          href="/campaigns"
          className="inline-flex items-center gap-1 text-[13px] font-medium text-zinc-500 hover:text-zinc-800"
        >
          <ChevronLeft aria-hidden className="size-4" />
          Campaigns
        </Link>
      }
      title={title}
      description={
        <span className="flex items-center gap-2">
          <CampaignStatusBadge status="draft" />
          <span className={dirty ? "text-amber-700" : undefined}>
            {dirty ? "Unsaved changes" : "All changes saved"}
          </span>
        </span>
      }
      actions={
        <>
          {actions}
          <Button variant="secondary" onClick={onSave} disabled={busy !== null}>
            {busy === "save" ? "Saving…" : "Save draft"}
          </Button>
          <Button onClick={onSend} disabled={busy !== null}>
            {scheduling ? <CalendarClock aria-hidden /> : <Send aria-hidden />}
            {busy === "send" || busy === "schedule"
              ? "Checking…"
              : scheduling
                ? "Schedule…"
                : "Send now…"}
          </Button>
        </>
      }
    />
  );
}
