"use client";

import { ImageUp, Images, LoaderCircle } from "lucide-react";
import { useRef, useState, type DragEvent } from "react";
import type { MediaItem } from "@/lib/media/serialize";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { MediaLibraryDialog } from "./media-library-dialog";

const ACCEPT = "image/png,image/jpeg,image/gif,image/webp";
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * The image block's upload: pick or drop a file (or reuse an earlier upload) and the block's URL
 * becomes the image's public address. The server decides what the file is; the checks here only
 * spare a pointless upload.
 */
export function ImageUploadField({
  id,
  onUploaded,
}: {
  id: string;
  onUploaded: (item: Pick<MediaItem, "url" | "filename">) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [library, setLibrary] = useState(false);

  async function upload(file: File) {
    setError(null);
    if (file.size > MAX_BYTES) return setError("This image is larger than 5 MB.");
    setBusy(true);
    try {
      const response = await fetch(`/media?name=${encodeURIComponent(file.name)}`, {
        method: "POST",
        body: file,
      });
      const body = (await response.json().catch(() => null)) as
        (MediaItem & { error?: { message: string } }) | null;
      if (!response.ok || !body?.url) {
        setError(body?.error?.message ?? "The image could not be uploaded. Try again.");
        return;
      }
      onUploaded(body);
    } catch {
      setError("The image could not be uploaded. Check your connection and try again.");
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void upload(file);
  }

  return (
    <div className="grid gap-1.5">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "grid gap-2 rounded-lg border border-dashed px-3 py-3 text-center transition-colors",
          dragging ? "border-indigo-400 bg-indigo-50/60" : "border-zinc-300 bg-zinc-50/60",
        )}
      >
        <p className="text-[13px] text-zinc-600">
          Drop an image here, or
          <span className="block text-xs text-zinc-400">PNG, JPEG, GIF or WebP, up to 5 MB</span>
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : <ImageUp aria-hidden />}
            {busy ? "Uploading…" : "Upload image"}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setLibrary(true)}>
            <Images aria-hidden />
            Your uploads
          </Button>
        </div>
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPT}
          aria-label="Image file"
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </div>
      {error && (
        <p role="alert" className="text-[13px] text-red-600">
          {error}
        </p>
      )}
      <MediaLibraryDialog
        open={library}
        onOpenChange={setLibrary}
        onPick={(item) => {
          setLibrary(false);
          onUploaded(item);
        }}
      />
    </div>
  );
}
