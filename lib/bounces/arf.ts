import { findAddress, mtaName, parseFieldGroups } from "./fields";
import type { OriginalMessage } from "./original";
import type { ComplaintReport, IgnoredReport } from "./types";

/**
 * Feedback types that mean "the recipient did not want this" (RFC 5965 §7.3). `not-spam` undoes
 * a complaint and `auth-failure` (RFC 6591) is a DMARC/DKIM failure report, so neither is one.
 */
const COMPLAINT_TYPES: ReadonlySet<string> = new Set(["abuse", "fraud", "virus", "other"]);

/**
 * Reads the body of a `message/feedback-report` part. The recipient is Original-Rcpt-To, or the
 * To of the original when the provider leaves the field out (Microsoft's does); the reporter is
 * Reporting-MTA, or the domain the report came from.
 */
export function readFeedbackReport(
  body: string,
  original: OriginalMessage,
  reportFromDomain: string | null,
): ComplaintReport | IgnoredReport {
  const fields = parseFieldGroups(body)[0] ?? new Map<string, string>();
  const feedbackType = (fields.get("feedback-type") ?? "").split(" ")[0]!.toLowerCase();
  if (!COMPLAINT_TYPES.has(feedbackType)) return { kind: "ignored", reason: "not_a_report" };
  const rcptTo = fields.get("original-rcpt-to");
  return {
    kind: "complaint",
    feedbackType,
    recipient: (rcptTo ? findAddress(rcptTo) : null) ?? original.to,
    userAgent: fields.get("user-agent") || null,
    reportingMta: mtaName(fields.get("reporting-mta")) ?? reportFromDomain,
    originalMessageId: original.messageId,
    arrivalDate: fields.get("arrival-date") || fields.get("received-date") || null,
  };
}
