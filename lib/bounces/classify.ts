import { type Attachment, type ParsedMail, simpleParser } from "mailparser";
import { readFeedbackReport } from "./arf";
import { isAutoReply } from "./auto-reply";
import { readDeliveryStatus } from "./dsn";
import { collapseWhitespace, type Fields } from "./fields";
import { readNonStandardBounce } from "./heuristics";
import { NO_ORIGINAL, type OriginalMessage, originalFromHeaders } from "./original";
import { htmlToText, MAX_REPORT_TEXT } from "./report-text";
import type { InboundReport } from "./types";

export type { BounceReport, ComplaintReport, IgnoredReport, InboundReport } from "./types";
export { describeReport } from "./describe";

/**
 * The most of a message read. Every report format puts its explanation and its machine-readable
 * part first and the original message last, and of the original only its headers are read, so a
 * report that quotes a 10 MB original is classified from its first megabyte.
 */
export const MAX_CLASSIFIED_BYTES = 1024 * 1024;

/**
 * The most reports taken from one message. An email has at most 101 recipients (to, 50 cc,
 * 50 bcc: docs/api.md "Limits"), so a report naming thousands is not about one of ours.
 */
export const MAX_REPORTS_PER_MESSAGE = 101;

/** The most read of one report part (delivery-status, feedback-report, the original's headers). */
const MAX_PART_BYTES = 256 * 1024;

const DELIVERY_STATUS_TYPES = ["message/delivery-status", "message/global-delivery-status"];
const FEEDBACK_REPORT_TYPE = "message/feedback-report";
const ORIGINAL_TYPES = [
  "message/rfc822",
  "message/global",
  "text/rfc822-headers",
  "message/global-headers",
];

const PARSER_OPTIONS = {
  // Hand message/delivery-status over as a part of its own instead of merging it into `text`.
  keepDeliveryStatus: true,
  // Keep every attached original (message/rfc822) as one part, inline or not: only its headers
  // are read, and parsing it as a nested message would hide them.
  ignoreEmbedded: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
  checksumAlgo: false,
} as const;

/** Headers every real message has at least one of; bytes without any are not mail. */
const MAIL_HEADERS: ReadonlySet<string> = new Set([
  "from",
  "to",
  "date",
  "subject",
  "message-id",
  "received",
  "return-path",
  "mime-version",
  "content-type",
]);

const UNPARSEABLE: InboundReport = { kind: "ignored", reason: "unparseable" };
const NOT_A_REPORT: InboundReport = { kind: "ignored", reason: "not_a_report" };

/**
 * What one inbound message reports: one bounce per failed or delayed recipient of a DSN, a
 * complaint for an ARF abuse report, bounces read from a non-standard bounce, or why it is
 * ignored. Never empty, never throws (DECISIONS §9).
 */
export async function classifyInboundMessage(raw: Buffer | string): Promise<InboundReport[]> {
  // Cut a string before encoding it (no 10 MB copy), then the bytes (UTF-8 may have grown it).
  const bytes = (
    typeof raw === "string" ? Buffer.from(raw.slice(0, MAX_CLASSIFIED_BYTES), "utf8") : raw
  ).subarray(0, MAX_CLASSIFIED_BYTES);
  let mail: ParsedMail;
  try {
    mail = await simpleParser(bytes, PARSER_OPTIONS);
  } catch {
    return [UNPARSEABLE];
  }
  if (!mail.headerLines?.some(({ key }) => MAIL_HEADERS.has(key))) return [UNPARSEABLE];
  return classifyParsed(mail);
}

function classifyParsed(mail: ParsedMail): InboundReport[] {
  const attachments = mail.attachments ?? [];
  const original = readOriginal(attachments);

  const deliveryStatus = findPart(attachments, DELIVERY_STATUS_TYPES);
  if (deliveryStatus) {
    const reports = readDeliveryStatus(partText(deliveryStatus), original);
    // No failed or delayed recipient: a success notice (delivered, relayed), not a bounce.
    if (reports)
      return reports.length > 0 ? reports.slice(0, MAX_REPORTS_PER_MESSAGE) : [NOT_A_REPORT];
  }

  const from = mail.from?.value[0]?.address?.toLowerCase() ?? null;
  const feedback = findPart(attachments, [FEEDBACK_REPORT_TYPE]);
  if (feedback) {
    const fromDomain = from?.includes("@") ? from.slice(from.lastIndexOf("@") + 1) : null;
    return [readFeedbackReport(partText(feedback), original, fromDomain)];
  }

  const subject = (mail.subject ?? "").slice(0, 1000);
  const bounces = readNonStandardBounce({
    subject,
    from,
    text: readableText(mail),
    attached: original,
  });
  if (bounces.length > 0) return bounces.slice(0, MAX_REPORTS_PER_MESSAGE);

  if (isAutoReply(headerFields(mail), subject)) return [{ kind: "ignored", reason: "auto_reply" }];
  return [NOT_A_REPORT];
}

function findPart(attachments: Attachment[], types: string[]): Attachment | undefined {
  // A part cut off inside its headers comes without a content type (found by the fuzz test).
  return attachments.find(
    (a) => typeof a.contentType === "string" && types.includes(a.contentType.toLowerCase()),
  );
}

function partText(part: Attachment): string {
  const content = part.content;
  if (!Buffer.isBuffer(content)) return "";
  return content.toString("utf8", 0, Math.min(content.length, MAX_PART_BYTES));
}

function readOriginal(attachments: Attachment[]): OriginalMessage {
  const part = findPart(attachments, ORIGINAL_TYPES);
  return part ? originalFromHeaders(partText(part)) : NO_ORIGINAL;
}

/** The plain-text body, or the text of the HTML body when there is no plain one. */
function readableText(mail: ParsedMail): string {
  const text = (mail.text ?? "").slice(0, MAX_REPORT_TEXT);
  if (text.trim() !== "") return text;
  return typeof mail.html === "string" ? htmlToText(mail.html) : "";
}

/** The top-level header fields by lower-cased name, unfolded. */
function headerFields(mail: ParsedMail): Fields {
  const fields: Fields = new Map();
  for (const { key, line } of mail.headerLines) {
    if (fields.has(key)) continue;
    const colon = line.indexOf(":");
    fields.set(key, collapseWhitespace(line.slice(colon + 1, colon + 1 + 2000)));
  }
  return fields;
}
