import type { MessageToCompose } from "@/lib/core/mime/compose";
import type { DkimKey } from "@/lib/core/mime/dkim";

/** A fully composed message, ready for any transport. */
export type OutgoingMessage = MessageToCompose & {
  /**
   * The envelope sender (MAIL FROM, becomes Return-Path): the VERP address bounces come back to.
   * Absent: the `from` address, as nodemailer does by default.
   */
  returnPath?: string;
  /**
   * The whole message as bytes (an app's SMTP submission, its headers already final): sent as
   * is to `to` alone; the fields above only describe it (Resend's API is given them).
   */
  raw?: Buffer;
  /** The private key parsed once (KeyObject) or as PEM text. */
  dkim?: DkimKey;
};

/**
 * What the provider said, in our terms. `delivered`: the receiving server accepted (SMTP 2xx).
 * `accepted`: an API provider took the message; delivery is reported later by its webhooks.
 * `bounced`: permanent recipient failure (5xx). `deferred`: temporary, retry later (4xx,
 * connection trouble). `failed`: permanent non-recipient failure (bad request, auth).
 * `ccBounces`: cc/bcc addresses the server refused for good while it took the message for `to`
 * (or refused `to` too): each is suppressed like `to` would be (DECISIONS §8).
 */
export type RecipientBounce = { address: string; code: number; response: string };
export type DeliveryOutcome =
  | {
      kind: "delivered";
      providerMessageId: string;
      response: string;
      ccBounces?: RecipientBounce[];
    }
  | { kind: "accepted"; providerMessageId: string }
  | { kind: "bounced"; response: string; code?: number; ccBounces?: RecipientBounce[] }
  | { kind: "complained"; providerMessageId: string }
  | {
      kind: "deferred";
      response: string;
      code?: number;
      /** Refused before any recipient was named (greeting, MAIL FROM): the relay's own answer. */
      fromRelay?: boolean;
    }
  | { kind: "failed"; error: string };

export interface Transport {
  readonly name: "smtp" | "resend" | "simulator";
  send(message: OutgoingMessage): Promise<DeliveryOutcome>;
  close(): Promise<void>;
}
