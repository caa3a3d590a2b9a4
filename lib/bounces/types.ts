/** What one inbound message (a DSN, an ARF report, a non-standard bounce, or anything else) says. */
export type BounceReport = {
  kind: "bounce";
  /** hard: Action failed with a 5.x.x status (or a non-standard permanent failure); soft: delayed or 4.x.x */
  severity: "hard" | "soft";
  action: "failed" | "delayed";
  /** Enhanced status code, e.g. "5.1.1". */
  status: string | null;
  /** Diagnostic-Code text, e.g. "smtp; 550 5.1.1 <x@y>: Recipient address rejected: User unknown". */
  diagnostic: string | null;
  /** Final-Recipient: lower-cased address, no "rfc822;" prefix. */
  recipient: string | null;
  reportingMta: string | null;
  remoteMta: string | null;
  /** Message-ID of the bounced message, with <>. */
  originalMessageId: string | null;
  originalEnvelopeId: string | null;
};

export type ComplaintReport = {
  kind: "complaint";
  /** abuse, fraud, virus, other (RFC 5965). */
  feedbackType: string;
  /** Original-Rcpt-To, or To of the original message. */
  recipient: string | null;
  userAgent: string | null;
  /** Reporting-MTA, or the From domain of the report. */
  reportingMta: string | null;
  originalMessageId: string | null;
  arrivalDate: string | null;
};

export type IgnoredReport = {
  kind: "ignored";
  reason: "auto_reply" | "not_a_report" | "unparseable";
};

export type InboundReport = BounceReport | ComplaintReport | IgnoredReport;
