import type { serializeEmail } from "@/lib/emails/serialize";
import { Badge, type BadgeTone } from "../ui/badge";

export type EmailResource = ReturnType<typeof serializeEmail>;
export type EmailStatus = EmailResource["status"];
export type EmailType = EmailResource["type"];

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  scheduled: "Scheduled",
  canceled: "Canceled",
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  bounced: "Bounced",
  complained: "Complained",
  failed: "Failed",
};

export const EMAIL_TYPE_LABELS: Record<EmailType, string> = {
  transactional: "Transactional",
  campaign: "Campaign",
  automation: "Automation",
};

const STATUS_STYLE: Record<EmailStatus, { tone: BadgeTone; className?: string; hint: string }> = {
  scheduled: { tone: "indigo", hint: "Waiting for its scheduled time; it can still be canceled." },
  canceled: { tone: "neutral", hint: "Canceled before its scheduled time; never sent." },
  queued: { tone: "neutral", hint: "Waiting to be handed to the delivery provider." },
  sent: { tone: "indigo", hint: "Handed to the provider; no delivery report yet." },
  delivered: { tone: "green", hint: "The receiving mail server accepted it." },
  bounced: { tone: "red", hint: "The receiving server refused it; the address is suppressed." },
  complained: {
    tone: "amber",
    className: "bg-orange-50 text-orange-700 ring-orange-600/20",
    hint: "The recipient marked it as spam; the address is suppressed.",
  },
  failed: { tone: "red", hint: "It could not be delivered after retrying." },
};

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const style = STATUS_STYLE[status];
  return (
    <Badge tone={style.tone} className={style.className} title={style.hint} dot>
      {EMAIL_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Marks emails sent with a test key: simulated, never reached a real inbox. */
export function TestBadge() {
  return (
    <Badge tone="amber" title="Sent with a test key: delivery was simulated." className="px-1.5">
      Test
    </Badge>
  );
}
