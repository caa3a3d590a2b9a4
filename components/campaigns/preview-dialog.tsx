"use client";

import { useEffect, useState } from "react";
import type { CampaignPreview } from "@/lib/campaigns/preview";
import { previewCampaignAction } from "@/lib/web/dashboard/actions/campaigns";
import { Dialog, DialogBody, DialogContent } from "../ui/dialog";
import { Notice } from "../ui/notice";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/tabs";

type Loaded = { ok: true; preview: CampaignPreview } | { ok: false; message: string } | null;

/**
 * Each variant as its recipients get it (subject, body, unsubscribe footer), rendered by the
 * server with a real recipient's data. The HTML is the project's own but still untrusted:
 * a sandboxed iframe, no scripts, its own origin.
 */
export function PreviewDialog({
  open,
  onOpenChange,
  campaignId,
  unsaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaignId: string;
  unsaved?: boolean;
}) {
  const [loaded, setLoaded] = useState<Loaded>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    previewCampaignAction(campaignId).then(
      (result) => current && setLoaded(result),
      () => current && setLoaded({ ok: false, message: "The preview could not be loaded." }),
    );
    return () => {
      current = false;
      setLoaded(null);
    };
  }, [open, campaignId]);

  const preview = loaded?.ok ? loaded.preview : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Preview"
        description={
          preview
            ? `As ${preview.sample.name ?? preview.sample.email} ${preview.sample.isSample ? "(a sample contact: nobody in the audience yet)" : "sees it, the newest contact it reaches"}.`
            : "The email as recipients see it."
        }
        className="sm:max-w-3xl"
      >
        <DialogBody>
          {unsaved && (
            <Notice tone="info">
              The preview shows the saved draft: save to see your changes.
            </Notice>
          )}
          {loaded === null ? (
            <div className="grid h-96 place-items-center text-[13px] text-zinc-500">Rendering…</div>
          ) : !loaded.ok ? (
            <Notice tone="error">{loaded.message}</Notice>
          ) : (
            <Tabs defaultValue={loaded.preview.variants[0]?.key}>
              {loaded.preview.variants.length > 1 && (
                <TabsList aria-label="Variant" className="mb-3">
                  {loaded.preview.variants.map((v) => (
                    <TabsTrigger key={v.key} value={v.key}>
                      Variant {v.key}
                    </TabsTrigger>
                  ))}
                </TabsList>
              )}
              {loaded.preview.variants.map((v) => (
                <TabsContent key={v.key} value={v.key} className="grid gap-3">
                  <dl className="grid gap-1 rounded-lg bg-zinc-50 px-3 py-2 text-[13px] ring-1 ring-zinc-200/70">
                    <div className="flex gap-2">
                      <dt className="w-16 shrink-0 text-zinc-500">Subject</dt>
                      <dd className="min-w-0 font-medium break-words text-zinc-900">{v.subject}</dd>
                    </div>
                    <div className="flex gap-2">
                      <dt className="w-16 shrink-0 text-zinc-500">To</dt>
                      <dd className="min-w-0 truncate text-zinc-700">
                        {loaded.preview.sample.email}
                      </dd>
                    </div>
                  </dl>
                  {v.html !== null ? (
                    <iframe
                      title={`Variant ${v.key} email`}
                      sandbox=""
                      srcDoc={v.html}
                      referrerPolicy="no-referrer"
                      className="h-[60vh] w-full rounded-lg bg-white ring-1 ring-zinc-200"
                    />
                  ) : (
                    <pre className="max-h-[60vh] overflow-auto text-[13px] whitespace-pre-wrap text-zinc-700">
                      {v.text}
                    </pre>
                  )}
                </TabsContent>
              ))}
            </Tabs>
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
