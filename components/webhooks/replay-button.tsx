"use client";

import { Loader2, RotateCw } from "lucide-react";
import { useTransition } from "react";
import { replayDeliveryAction } from "@/lib/web/dashboard/actions/webhooks";
import { Button } from "../ui/button";
import { useToast } from "../ui/toast";

/** Sends the delivery's stored bytes again, as one extra attempt. */
export function ReplayButton({
  webhookId,
  deliveryId,
  disabled,
}: {
  webhookId: string;
  deliveryId: string;
  disabled?: boolean;
}) {
  const [pending, startTransition] = useTransition();
  const toast = useToast();

  function replay() {
    startTransition(async () => {
      const result = await replayDeliveryAction(webhookId, deliveryId);
      toast(
        result.status === "success"
          ? { title: "Replay queued", description: "The attempt appears here in a moment." }
          : { title: result.status === "error" ? result.message : "Failed", tone: "error" },
      );
    });
  }

  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={replay}
      disabled={pending || disabled}
      title={disabled ? "Enable the endpoint to replay deliveries" : undefined}
    >
      {pending ? <Loader2 aria-hidden className="animate-spin" /> : <RotateCw aria-hidden />}
      Replay
    </Button>
  );
}
