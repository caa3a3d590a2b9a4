import type { SuppressionResource } from "@/lib/suppressions/serialize";
import { Badge, type BadgeTone } from "../ui/badge";

type Reason = SuppressionResource["reason"];

const REASONS: Record<
  Reason,
  { label: string; tone: BadgeTone; className?: string; hint: string }
> = {
  hard_bounce: {
    label: "Hard bounce",
    tone: "red",
    hint: "Added automatically: the receiving server refused this address.",
  },
  complaint: {
    label: "Complaint",
    tone: "amber",
    className: "bg-orange-50 text-orange-700 ring-orange-600/20",
    hint: "Added automatically: the recipient marked an email as spam.",
  },
  unsubscribe: {
    label: "Unsubscribed",
    tone: "neutral",
    hint: "The recipient asked not to be emailed.",
  },
  manual: { label: "Manual", tone: "indigo", hint: "Added by hand or through the API." },
};

export function ReasonBadge({ reason }: { reason: Reason }) {
  const style = REASONS[reason];
  return (
    <Badge tone={style.tone} className={style.className} title={style.hint}>
      {style.label}
    </Badge>
  );
}
