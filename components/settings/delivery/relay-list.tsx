"use client";

import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import type { RelayView } from "@/lib/delivery/relays";
import { deleteRelayAction } from "@/lib/web/dashboard/actions/delivery";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { ConfirmActionDialog } from "../../ui/confirm-action-dialog";
import { RelayFormDialog } from "./relay-form-dialog";

const TLS_LABEL = { starttls: "STARTTLS", tls: "TLS", none: "No encryption" } as const;

/** The project's relays in the order they are tried; the first one that works sends. */
export function RelayList({ relays }: { relays: RelayView[] }) {
  return (
    <ol className="divide-y divide-zinc-100">
      {relays.map((relay, index) => (
        <RelayRow key={relay.id} relay={relay} position={index + 1} />
      ))}
    </ol>
  );
}

function RelayRow({ relay, position }: { relay: RelayView; position: number }) {
  const [confirming, setConfirming] = useState(false);
  const where =
    relay.kind === "smtp"
      ? `${relay.host}:${relay.port} · ${TLS_LABEL[relay.tlsMode ?? "starttls"]}${relay.username ? ` · ${relay.username}` : ""}`
      : "Resend API";
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-4 sm:px-6">
      <span
        aria-label={`Tried ${position === 1 ? "first" : `${position}.`}`}
        className="grid size-7 shrink-0 place-items-center rounded-full bg-zinc-100 text-[12px] font-semibold text-zinc-600"
      >
        {position}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="truncate text-[14px] font-medium text-zinc-900">{relay.name}</p>
          <Badge tone={relay.kind === "smtp" ? "neutral" : "indigo"}>
            {relay.kind === "smtp" ? "SMTP" : "Resend"}
          </Badge>
          {position === 1 ? (
            <Badge tone="green" dot>
              Primary
            </Badge>
          ) : (
            <Badge>Backup</Badge>
          )}
          {!relay.secretReadable && <Badge tone="red">Secret unreadable: enter it again</Badge>}
        </div>
        <p className="mt-0.5 font-mono text-[12px] break-all text-zinc-500">{where}</p>
      </div>
      <div className="flex items-center gap-1">
        <RelayFormDialog
          relay={relay}
          trigger={
            <Button variant="ghost" size="sm">
              <Pencil aria-hidden />
              Edit
            </Button>
          }
        />
        <Button variant="danger-ghost" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden />
          Remove
        </Button>
      </div>
      <ConfirmActionDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${relay.name}?`}
        description="Mail stops going through this relay at once. If it was the last one, live email waits as queued until you add another (or the instance default takes over)."
        confirmLabel="Remove relay"
        pendingLabel="Removing…"
        onConfirm={() => deleteRelayAction(relay.id)}
        done={{ title: "Relay removed" }}
        afterDone="refresh"
      />
    </li>
  );
}
