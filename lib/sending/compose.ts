import type { Email } from "@/db/schema";
import type { Executor } from "@/db";
import { findVerifiedDomain } from "../domains/find-verified";
import { htmlToPlainText } from "../templates/render";
import type { OutgoingMessage } from "./transports";

/** Extra steps applied to the stored HTML at delivery time (open/click tracking). */
export type HtmlInstrumenter = (html: string, email: Email) => Promise<string> | string;

/**
 * Turns a stored email into the message a transport sends: DKIM with the sending domain's key
 * (when the domain is still verified), our stable Message-ID, and instrumented HTML.
 */
export async function composeMessage(
  db: Executor,
  email: Email,
  instrument: HtmlInstrumenter = (html) => html,
): Promise<OutgoingMessage> {
  const address = /<([^>]+)>$/.exec(email.fromAddress)?.[1] ?? email.fromAddress;
  const domainName = address.slice(address.lastIndexOf("@") + 1);
  const domain = await findVerifiedDomain(db, email.projectId, domainName);
  return {
    from: email.fromAddress,
    to: email.to,
    cc: email.cc,
    bcc: email.bcc,
    replyTo: email.replyTo,
    subject: email.subject,
    html: email.html ? await instrument(email.html, email) : null,
    text: email.text ?? (email.html ? htmlToPlainText(email.html) : null),
    messageId: email.messageId ?? `<${email.id}@${domainName}>`,
    headers: email.headers,
    attachments: email.attachments,
    dkim: domain
      ? {
          domainName: domain.name,
          keySelector: domain.dkimSelector,
          privateKey: domain.dkimPrivateKey,
        }
      : undefined,
  };
}
