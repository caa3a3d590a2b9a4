"use client";

import { Eye, EyeOff, Loader2 } from "lucide-react";
import { useState, useTransition } from "react";
import { revealWebhookSecretAction } from "@/lib/web/dashboard/actions/webhooks";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";

/**
 * The signing secret, hidden until asked for. It is fetched on demand so it is never in the
 * page's HTML (screenshots, shared screens, browser caches).
 */
export function WebhookSecret({ webhookId }: { webhookId: string }) {
  const [secret, setSecret] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function reveal() {
    if (secret) return setShown(true);
    startTransition(async () => {
      const result = await revealWebhookSecretAction(webhookId);
      if (result.status === "success" && result.result) {
        setSecret(result.result.secret);
        setShown(true);
        setError(null);
      } else if (result.status === "error") {
        setError(result.message);
      }
    });
  }

  return (
    <div className="grid gap-1.5">
      <div className="flex min-w-0 items-center gap-2">
        <input
          readOnly
          aria-label="Signing secret"
          value={shown && secret ? secret : "whsec_••••••••••••••••••••••••"}
          onFocus={(event) => shown && event.currentTarget.select()}
          className="h-9 min-w-0 flex-1 rounded-lg bg-zinc-50 px-3 font-mono text-[13px] text-zinc-800 ring-1 ring-zinc-200 outline-none ring-inset focus:ring-2 focus:ring-indigo-500"
        />
        {shown ? (
          <Button variant="secondary" onClick={() => setShown(false)}>
            <EyeOff aria-hidden />
            Hide
          </Button>
        ) : (
          <Button variant="secondary" onClick={reveal} disabled={pending}>
            {pending ? <Loader2 aria-hidden className="animate-spin" /> : <Eye aria-hidden />}
            Reveal
          </Button>
        )}
        {secret && shown && (
          <CopyButton value={secret} label="Copy signing secret" className="size-9" />
        )}
      </div>
      {error && (
        <p role="alert" className="text-[13px] text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
