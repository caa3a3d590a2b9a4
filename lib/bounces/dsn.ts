import {
  type Fields,
  findAddress,
  findEnhancedStatus,
  findReplyCode,
  mtaName,
  parseFieldGroups,
  valueAfterType,
} from "./fields";
import { normalizeMessageId, type OriginalMessage } from "./original";
import type { BounceReport } from "./types";

/** Fields that only appear in a per-recipient group (RFC 3464 §2.3). */
const RECIPIENT_FIELDS = ["action", "final-recipient", "original-recipient", "status"];

function isRecipientGroup(group: Fields): boolean {
  return RECIPIENT_FIELDS.some((name) => group.has(name));
}

/**
 * Reads the body of a `message/delivery-status` (or RFC 6533 `message/global-delivery-status`)
 * part: one bounce per recipient whose Action is `failed` or `delayed`. `delivered`, `relayed`
 * and `expanded` recipients are not reports and are left out. Null when the part names no
 * recipient at all (empty or mangled), so the caller can fall back to reading the text.
 */
export function readDeliveryStatus(body: string, original: OriginalMessage): BounceReport[] | null {
  const groups = parseFieldGroups(body);
  const first = groups[0];
  const perMessage = first && !isRecipientGroup(first) ? first : new Map<string, string>();
  if (!groups.some(isRecipientGroup)) return null;
  // Gmail names the original in a per-message field, which helps when no original is attached.
  const originalMessageId =
    original.messageId ?? normalizeMessageId(perMessage.get("x-original-message-id"));
  const reports: BounceReport[] = [];
  for (const group of groups) {
    if (!isRecipientGroup(group)) continue;
    const action = (group.get("action") ?? "").split(" ")[0]!.toLowerCase();
    if (action !== "failed" && action !== "delayed") continue;
    const diagnostic = group.get("diagnostic-code") || null;
    const status =
      findEnhancedStatus(group.get("status") ?? "") ??
      (diagnostic ? findEnhancedStatus(diagnostic) : null);
    const recipientField = group.get("final-recipient") ?? group.get("original-recipient");
    reports.push({
      kind: "bounce",
      severity: severityOf(action, status, diagnostic),
      action,
      status,
      diagnostic,
      recipient: recipientField ? findAddress(valueAfterType(recipientField)) : null,
      reportingMta: mtaName(perMessage.get("reporting-mta")),
      remoteMta: mtaName(group.get("remote-mta")),
      originalMessageId,
      originalEnvelopeId: perMessage.get("original-envelope-id") || null,
    });
  }
  return reports;
}

/**
 * `delayed` is always soft. `failed` is hard unless its status (or, without one, the SMTP reply
 * in the diagnostic) is a 4xx: Postfix gives up on a full mailbox after its queue lifetime with
 * `Action: failed` and `Status: 4.2.2`, and the mailbox may well accept mail tomorrow. A failure
 * that names no code at all is hard, as RFC 3464 defines `failed` as final.
 */
function severityOf(
  action: "failed" | "delayed",
  status: string | null,
  diagnostic: string | null,
): "hard" | "soft" {
  if (action === "delayed") return "soft";
  const cls = status?.[0] ?? (diagnostic ? findReplyCode(diagnostic)?.[0] : undefined);
  return cls === "4" ? "soft" : "hard";
}
