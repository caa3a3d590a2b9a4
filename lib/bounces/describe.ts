import type { InboundReport } from "./types";

/** The longest description: one line on a timeline, not the whole diagnostic. */
const MAX_DESCRIPTION = 300;

const IGNORED_REASONS = {
  auto_reply: "Ignored: automatic reply",
  not_a_report: "Ignored: not a bounce or complaint report",
  unparseable: "Ignored: unreadable message",
} as const;

/**
 * One line for the dashboard and the email timeline, e.g.
 * "Hard bounce 5.1.1 from mx.example.net: 550 5.1.1 User unknown".
 */
export function describeReport(report: InboundReport): string {
  if (report.kind === "ignored") return IGNORED_REASONS[report.reason];
  if (report.kind === "complaint") {
    const by = report.reportingMta ? ` reported by ${report.reportingMta}` : "";
    const who = report.recipient ? ` for ${report.recipient}` : "";
    return cap(`Complaint (${report.feedbackType})${by}${who}`);
  }
  const label =
    report.severity === "hard"
      ? "Hard bounce"
      : report.action === "delayed"
        ? "Delivery delayed"
        : "Soft bounce";
  const status = report.status ? ` ${report.status}` : "";
  const server = report.remoteMta ?? report.reportingMta;
  const from = server ? ` from ${server}` : "";
  const detail = report.diagnostic ? `: ${withoutType(report.diagnostic)}` : "";
  return cap(`${label}${status}${from}${detail}`);
}

/** `smtp; 550 5.1.1 …` → `550 5.1.1 …` (the RFC 3464 diagnostic type says nothing to a reader). */
function withoutType(diagnostic: string): string {
  const semicolon = diagnostic.indexOf(";");
  const type = semicolon === -1 ? "" : diagnostic.slice(0, semicolon).trim().toLowerCase();
  return ["smtp", "x-postfix", "x-unix", "x-local"].includes(type)
    ? diagnostic.slice(semicolon + 1).trim()
    : diagnostic;
}

function cap(text: string): string {
  return text.length <= MAX_DESCRIPTION ? text : `${text.slice(0, MAX_DESCRIPTION - 1)}…`;
}
