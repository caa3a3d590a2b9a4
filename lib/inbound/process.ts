import { createHash } from "node:crypto";
import { classifyInboundMessage, type InboundReport } from "../bounces/classify";
import { judgeBreakersJob } from "@/lib/emails/jobs";
import type { Runtime } from "@/lib/core/runtime";
import { headerLines, headerValue } from "./headers";
import { recordInboundReports, type ReportSource } from "./record-report";

export type ProcessedMessage = { recorded: number; ignored?: string };

/**
 * One inbound message (from the SMTP receiver or the bounce mailbox): classified, and its bounce
 * and complaint reports recorded on the emails they name. Auto-replies and anything that is not
 * a report are dropped quietly: they are answered 250, never bounced back.
 */
export async function processInboundMessage(
  runtime: Pick<Runtime, "db" | "jobs" | "clock">,
  raw: Buffer,
  context: { emailIds: string[]; source: ReportSource },
): Promise<ProcessedMessage> {
  let reports: InboundReport[];
  try {
    reports = await classifyInboundMessage(raw);
  } catch (error) {
    // A message the classifier cannot read is dropped, not refused: a 4xx would have the sender
    // retry it for days. Recording failures below do answer 4xx.
    console.error("[inbound] could not classify a message:", error);
    return { recorded: 0, ignored: "unparseable" };
  }
  const actionable = reports.filter(
    (r): r is Exclude<InboundReport, { kind: "ignored" }> => r.kind !== "ignored",
  );
  if (actionable.length === 0) {
    const ignored = reports.find((r) => r.kind === "ignored");
    return { recorded: 0, ignored: ignored?.kind === "ignored" ? ignored.reason : "not_a_report" };
  }
  const recorded = await recordInboundReports(runtime, {
    reports: actionable,
    emailIds: context.emailIds,
    reportId: reportIdOf(raw),
    source: context.source,
  });
  // Bounces and complaints may trip a circuit breaker: its check job need not wait for a poll.
  if (recorded > 0) runtime.jobs.notify(judgeBreakersJob);
  return { recorded };
}

/**
 * What names a report message across retries: its Message-ID header, else a digest of its bytes
 * (a sender that retries after our 4xx sends the same message again).
 */
function reportIdOf(raw: Buffer): string {
  for (const line of headerLines(raw)) {
    if (/^message-id:/i.test(line)) {
      const value = headerValue(line);
      if (value) return value.slice(0, 300);
    }
  }
  return `sha256:${createHash("sha256").update(raw).digest("hex")}`;
}
