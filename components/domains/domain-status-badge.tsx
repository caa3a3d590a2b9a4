import type { DomainResource } from "@/lib/domains/serialize";
import type { RecordStatus } from "@/lib/domains/records";
import { Badge, type BadgeTone } from "../ui/badge";

const DOMAIN: Record<DomainResource["status"], { label: string; tone: BadgeTone; hint: string }> = {
  verified: { label: "Verified", tone: "green", hint: "DKIM record found: mail is signed." },
  pending: { label: "Pending", tone: "amber", hint: "Waiting for the DKIM record in DNS." },
  failed: { label: "Failed", tone: "red", hint: "The DKIM record in DNS does not match." },
};

export function DomainStatusBadge({ status }: { status: DomainResource["status"] }) {
  const style = DOMAIN[status];
  return (
    <Badge tone={style.tone} title={style.hint} dot>
      {style.label}
    </Badge>
  );
}

const RECORD: Record<RecordStatus, { label: string; tone: BadgeTone }> = {
  verified: { label: "Verified", tone: "green" },
  pending: { label: "Not checked", tone: "neutral" },
  missing: { label: "Not found", tone: "amber" },
  mismatch: { label: "Mismatch", tone: "red" },
};

export function RecordStatusBadge({ status }: { status: RecordStatus }) {
  const style = RECORD[status];
  return <Badge tone={style.tone}>{style.label}</Badge>;
}
