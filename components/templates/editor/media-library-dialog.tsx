"use client";

import { ImageOff, LoaderCircle, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import type { FormState } from "@/lib/web/dashboard/form-state";
import type { MediaItem } from "@/lib/media/serialize";
import { Button } from "../../ui/button";
import { ConfirmActionDialog } from "../../ui/confirm-action-dialog";
import { Dialog, DialogBody, DialogContent } from "../../ui/dialog";

type Page = { data: MediaItem[]; has_more: boolean; next_cursor: string | null };

/** The project's uploaded images, newest first, to reuse one in an image block. */
export function MediaLibraryDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (item: MediaItem) => void;
}) {
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);

  async function load(cursor: string | null) {
    setLoading(true);
    setFailed(false);
    try {
      const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
      const response = await fetch(`/media${query}`, { cache: "no-store" });
      if (!response.ok) throw new Error(String(response.status));
      const page = (await response.json()) as Page;
      setItems((current) => (cursor ? [...(current ?? []), ...page.data] : page.data));
      setNext(page.next_cursor);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    // Fetched each time the dialog opens, so a fresh upload is in the list.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (open) void load(null);
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Your uploads"
        description="Images uploaded to this project. Pick one to use it in this block."
        className="max-w-2xl"
      >
        <DialogBody>
          {failed ? (
            <p role="alert" className="text-[13px] text-red-600">
              The uploads could not be loaded.{" "}
              <button type="button" className="font-medium underline" onClick={() => load(null)}>
                Try again
              </button>
            </p>
          ) : items === null ? (
            <p className="flex items-center gap-2 text-[13px] text-zinc-500">
              <LoaderCircle aria-hidden className="size-4 animate-spin" /> Loading…
            </p>
          ) : items.length === 0 ? (
            <div className="rounded-lg bg-zinc-50 px-4 py-8 text-center ring-1 ring-zinc-200/70">
              <ImageOff aria-hidden className="mx-auto mb-2 size-5 text-zinc-400" />
              <p className="text-sm font-medium text-zinc-900">No uploads yet</p>
              <p className="mt-0.5 text-[13px] text-zinc-500">
                Images you upload in any template show up here.
              </p>
            </div>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {items.map((item) => (
                <li key={item.id} className="group/tile relative">
                  <button
                    type="button"
                    onClick={() => onPick(item)}
                    aria-label={`Use ${item.filename || "image"}`}
                    className="group block w-full cursor-pointer overflow-hidden rounded-lg text-left ring-1 ring-zinc-200 hover:ring-2 hover:ring-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500"
                  >
                    {/* eslint-disable-next-line @next/next/no-img-element -- served by this app */}
                    <img
                      src={item.url}
                      alt=""
                      className="aspect-[4/3] w-full bg-zinc-100 object-contain"
                    />
                    <span className="flex gap-1 border-t border-zinc-100 px-2 py-1.5 text-xs">
                      <span className="min-w-0 truncate text-zinc-600">
                        {item.filename || "Untitled image"}
                      </span>
                      <span className="ml-auto shrink-0 text-zinc-400">
                        {formatSize(item.size)}
                      </span>
                    </span>
                  </button>
                  <button
                    type="button"
                    onClick={() => setDeleting(item)}
                    aria-label={`Delete ${item.filename || "image"}`}
                    title="Delete this upload"
                    className="absolute top-1.5 right-1.5 grid size-7 cursor-pointer place-items-center rounded-md bg-white/90 text-zinc-500 opacity-0 shadow-sm ring-1 ring-zinc-200 group-hover/tile:opacity-100 hover:text-red-600 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
                  >
                    <Trash2 aria-hidden className="size-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {next && (
            <Button
              variant="secondary"
              size="sm"
              disabled={loading}
              onClick={() => load(next)}
              className="justify-self-center"
            >
              {loading ? "Loading…" : "Load more"}
            </Button>
          )}
        </DialogBody>
      </DialogContent>
      <ConfirmActionDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={`Delete ${deleting?.filename || "this image"}?`}
        description="Emails already sent that show it will show a broken image instead. An image a template or an unsent campaign uses cannot be deleted until it is replaced there."
        confirmLabel="Delete image"
        onConfirm={async () => {
          const result = await deleteUpload(deleting!.id);
          if (result.status === "success")
            setItems((current) => current?.filter((i) => i.id !== deleting!.id) ?? null);
          return result;
        }}
        done={{ title: "Image deleted", description: deleting?.filename || undefined }}
      />
    </Dialog>
  );
}

/** DELETE /media/:id as form state: its 409 names the templates and campaigns that use it. */
async function deleteUpload(id: string): Promise<FormState> {
  const failed = (message: string): FormState => ({
    status: "error",
    message,
    fieldErrors: {},
    at: Date.now(),
  });
  try {
    const response = await fetch(`/media/${id}`, { method: "DELETE" });
    if (response.ok) return { status: "success", at: Date.now() };
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    return failed(body?.error?.message ?? "The image could not be deleted.");
  } catch {
    return failed("The image could not be deleted: check your connection and try again.");
  }
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
