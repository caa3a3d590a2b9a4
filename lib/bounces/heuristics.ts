import { findAddress, findEnhancedStatus, findReplyCode, splitLines } from "./fields";
import { findQuotedMessageId, type OriginalMessage } from "./original";
import type { BounceReport } from "./types";

/**
 * Bounces without a delivery-status part (qmail, old Exim, Exchange text NDRs, "Returned mail"
 * from assorted servers). Conservative on purpose: a message must look like a bounce (sender,
 * subject or wording), carry a 5.x.x/4.x.x status or a bare 5xx/4xx reply, and name the original
 * (its Message-ID or the failed recipient). Anything less is not a report.
 */

export type NonStandardInput = {
  subject: string;
  /** The report's From address, lower-cased. */
  from: string | null;
  /** The readable text of the report (plain text, or text taken from its HTML). */
  text: string;
  /** The original from an attached message/rfc822 or text/rfc822-headers part, if any. */
  attached: OriginalMessage;
};

const BOUNCE_SENDERS = ["mailer-daemon", "mailerdaemon", "mail-daemon", "postmaster"];

const BOUNCE_SUBJECTS = [
  "undeliverable",
  "undelivered",
  "delivery status notification",
  "mail delivery failed",
  "mail delivery failure",
  "delivery failure",
  "delivery has failed",
  "returned mail",
  "failure notice",
  "non-delivery",
  "not delivered",
  "could not be delivered",
  "warning: message",
];

const BOUNCE_PHRASES = [
  "qmail-send program",
  "wasn't able to deliver your message",
  "could not be delivered to one or more of its recipients",
  "has not yet been delivered to one or more of its recipients",
  "the following address(es) failed",
  "delivery has failed to these recipients",
  "your message couldn't be delivered",
  "your message wasn't delivered",
  "could not be delivered",
  "permanent fatal errors",
  "delivery to the following recipient",
  "mail delivery failed",
  "unable to deliver",
];

/** Lines after which a report quotes the original message: codes there are not the report's. */
const ORIGINAL_SEPARATORS = [
  "below this line is a copy of the message",
  "this is a copy of the message",
  "original message headers",
  "original message follows",
  "unsent message follows",
  "header of the original message",
  "----- original message -----",
];

/** Wording of a warning that delivery is still being retried. */
const DELAY_PHRASES = [
  "has not yet been delivered",
  "will continue trying",
  "will keep trying",
  "still trying",
  "delivery is delayed",
  "delivery has been delayed",
];

/** The most lines of explanation read before giving up on finding the separator. */
const MAX_REPORT_LINES = 2000;

function looksLikeBounce(input: NonStandardInput, explanation: string): boolean {
  const local = input.from ? input.from.slice(0, input.from.lastIndexOf("@")) : "";
  if (BOUNCE_SENDERS.includes(local)) return true;
  const subject = input.subject.toLowerCase();
  if (BOUNCE_SUBJECTS.some((phrase) => subject.includes(phrase))) return true;
  const text = explanation.toLowerCase();
  return BOUNCE_PHRASES.some((phrase) => text.includes(phrase));
}

/** Splits the text into the report's explanation and the quoted original after it. */
function splitAtOriginal(text: string): { explanation: string[]; quoted: string[] } {
  const lines = splitLines(text);
  const limit = Math.min(lines.length, MAX_REPORT_LINES);
  for (let i = 0; i < limit; i++) {
    const lowered = lines[i]!.toLowerCase();
    if (ORIGINAL_SEPARATORS.some((separator) => lowered.includes(separator))) {
      return { explanation: lines.slice(0, i), quoted: lines.slice(i + 1) };
    }
  }
  return { explanation: lines.slice(0, limit), quoted: [] };
}

/**
 * A line that is nothing but an address: `<a@b>:` (qmail), `  a@b` (Exim), `a@b (a@b)` and
 * `a@b<mailto:a@b>` (Exchange). It starts the block of lines that explain that recipient.
 */
function addressLine(line: string): string | null {
  const address = findAddress(line);
  if (!address) return null;
  const tokens = line.toLowerCase().split(/[\s<>()[\]"',;:]+/);
  const onlyAddress = tokens.every((t) => t === "" || t === "mailto" || trimDots(t) === address);
  return onlyAddress ? address : null;
}

function trimDots(token: string): string {
  return token.endsWith(".") ? token.slice(0, -1) : token;
}

type Block = { recipient: string | null; lines: string[] };

/** The explanation cut into per-recipient blocks; lines before the first address are block 0. */
function recipientBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [{ recipient: null, lines: [] }];
  for (const line of lines) {
    const address = line.length <= 600 ? addressLine(line) : null;
    if (address) blocks.push({ recipient: address, lines: [] });
    else blocks[blocks.length - 1]!.lines.push(line);
  }
  return blocks;
}

type Failure = {
  status: string | null;
  cls: "4" | "5";
  diagnostic: string;
  recipient: string | null;
};

/** The first line of a block carrying an enhanced status or a bare reply code. */
function failureIn(block: Block): Failure | null {
  for (const raw of block.lines) {
    const line = raw.trim().slice(0, 1000);
    const status = findEnhancedStatus(line);
    const code = findReplyCode(line);
    const cls = (status?.[0] ?? code?.[0]) as "2" | "4" | "5" | undefined;
    if (cls !== "4" && cls !== "5") continue;
    return { status, cls, diagnostic: line, recipient: block.recipient ?? findAddress(line) };
  }
  return null;
}

/** `host mx.example.net [192.0.2.1]: 550 …` (Exim) → `mx.example.net`. */
function remoteHost(diagnostic: string): string | null {
  const at = diagnostic.toLowerCase().indexOf("host ");
  if (at === -1) return null;
  const word = diagnostic.slice(at + 5).split(" ")[0] ?? "";
  return word.includes(".") && /^[a-z0-9.-]+$/i.test(word) ? word.toLowerCase() : null;
}

/** `Generating server: BN8PR…outlook.com` (Exchange), else the domain the report came from. */
function reportingHost(explanation: string[], from: string | null): string | null {
  for (const line of explanation) {
    const trimmed = line.trim();
    if (trimmed.toLowerCase().startsWith("generating server:")) {
      const host = trimmed.slice(18).trim().split(" ")[0];
      if (host) return host.toLowerCase();
    }
  }
  return from ? from.slice(from.lastIndexOf("@") + 1) : null;
}

export function readNonStandardBounce(input: NonStandardInput): BounceReport[] {
  const { explanation, quoted } = splitAtOriginal(input.text);
  const explanationText = explanation.join("\n");
  if (!looksLikeBounce(input, explanationText)) return [];
  const messageId = input.attached.messageId ?? findQuotedMessageId(quoted.join("\n"));
  const delayed = DELAY_PHRASES.some((p) => explanationText.toLowerCase().includes(p));
  const reportingMta = reportingHost(explanation, input.from);
  const seen = new Set<string | null>();
  const reports: BounceReport[] = [];
  for (const block of recipientBlocks(explanation)) {
    const failure = failureIn(block);
    if (!failure || seen.has(failure.recipient)) continue;
    if (!failure.recipient && !messageId) continue;
    seen.add(failure.recipient);
    const soft = failure.cls === "4";
    reports.push({
      kind: "bounce",
      severity: soft ? "soft" : "hard",
      action: soft && delayed ? "delayed" : "failed",
      status: failure.status,
      diagnostic: failure.diagnostic,
      recipient: failure.recipient,
      reportingMta,
      remoteMta: remoteHost(failure.diagnostic),
      originalMessageId: messageId,
      originalEnvelopeId: null,
    });
  }
  // A recipient-less failure adds nothing once a block has named who failed.
  return reports.length > 1 ? reports.filter((r) => r.recipient !== null) : reports;
}
