import type { WebhookDeliveryResource } from "@/lib/webhooks/serialize";
import { Badge } from "../ui/badge";

export type EndpointState = {
  active: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
};

export function EndpointStatusBadge({ endpoint }: { endpoint: EndpointState }) {
  if (!endpoint.active) {
    return (
      <Badge tone="red" dot title={endpoint.disabled_reason ?? undefined}>
        Disabled
      </Badge>
    );
  }
  if (endpoint.failing_since) {
    return (
      <Badge tone="amber" dot>
        Failing
      </Badge>
    );
  }
  return (
    <Badge tone="green" dot>
      Active
    </Badge>
  );
}

/** "disabled by a user" → "Disabled by a user" */
export function disabledReasonText(reason: string | null): string {
  if (!reason) return "Disabled";
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

export function DeliveryStatusBadge({ delivery }: { delivery: WebhookDeliveryResource }) {
  if (delivery.status === "succeeded") return <Badge tone="green">Succeeded</Badge>;
  if (delivery.status === "failed") return <Badge tone="red">Failed</Badge>;
  return (
    <Badge tone="amber">
      {delivery.attempt_count > 0 && delivery.next_attempt_at ? "Retrying" : "Pending"}
    </Badge>
  );
}

export function StatusCode({ code }: { code: number | null }) {
  if (code === null) return <span className="text-zinc-400">—</span>;
  const ok = code >= 200 && code < 300;
  return (
    <code
      className={`rounded px-1.5 py-0.5 font-mono text-xs ${ok ? "bg-emerald-50 text-emerald-700" : "bg-red-50 text-red-700"}`}
    >
      {code}
    </code>
  );
}
