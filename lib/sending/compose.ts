import { createPrivateKey } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { submittedMessages, type Email } from "@/db/schema";
import { rewriteMime, type MimeRewrite } from "@/lib/core/mime/rewrite";
import type { Executor } from "@/db";
import { findVerifiedDomain } from "../domains/find-verified";
import { stripActiveContent } from "@/lib/core/html/active-content";
import { htmlToPlainText } from "../templates/render";
import { emailBody } from "../templates/stored-content";
import { domainOf } from "./addresses";
import type { SigningDomain } from "./caches";
import type { Config } from "@/lib/core/config";
import type { HtmlInstrumenter, RuntimeCaches, TrackingPolicy } from "@/lib/core/runtime";
import { linkSigningKey } from "../tracking/key";
import { POSTMARK_METADATA_KEY } from "../providers/postmark-events";
import { returnPathAddress } from "./return-path";
import type { OutgoingMessage } from "@/lib/core/transports";

export type ComposeDeps = {
  db: Executor;
  config: Pick<Config, "bounceDomain">;
  caches: Pick<
    RuntimeCaches,
    "signingDomains" | "instanceSecrets" | "submittedMessages" | "compiledTemplates"
  >;
  instrumentHtml?: HtmlInstrumenter;
};

/**
 * Turns a stored email into the message a transport sends: DKIM with the sending domain's key
 * (when the domain is still verified), our stable Message-ID, instrumented HTML without scripts
 * (no client runs them; the stored email keeps what was sent to us), and the VERP return path
 * that brings bounces and complaints back to this email (DECISIONS §9).
 */
export async function composeMessage(deps: ComposeDeps, email: Email): Promise<OutgoingMessage> {
  const instrument = deps.instrumentHtml ?? ((html: string) => html);
  const address = /<([^>]+)>$/.exec(email.fromAddress)?.[1] ?? email.fromAddress;
  const domainName = domainOf(address);
  const signing = await cachedSigningDomain(deps, email.projectId, domainName);
  const policy = trackingPolicy(signing);
  const messageId = email.messageId ?? `<${email.id}@${domainName}>`;
  // Postmark hands metadata headers back in its webhooks: how its events find this email.
  const headers = { ...email.headers, [`X-PM-Metadata-${POSTMARK_METADATA_KEY}`]: email.id };
  const body = await emailBody(deps, email);
  const html = body.html ? stripActiveContent(body.html) : null;
  const raw = email.submissionId
    ? await composeSubmitted(deps, email, email.submissionId, {
        // An app's own Message-ID may be shared by all its recipients; each email needs its own.
        setHeaders: { "Message-ID": messageId, ...headers },
        html: (submitted) => instrument(stripActiveContent(submitted), email, policy),
      })
    : undefined;
  return {
    returnPath: returnPathAddress(deps.config, await linkSigningKey(deps), email.id, domainName),
    raw,
    from: email.fromAddress,
    to: email.to,
    cc: email.cc,
    bcc: email.bcc,
    replyTo: email.replyTo,
    subject: email.subject,
    html: html && !raw ? await instrument(html, email, policy) : html,
    text: body.text ?? (html ? htmlToPlainText(html) : null),
    messageId,
    headers,
    attachments: email.attachments,
    dkim: signing
      ? {
          domainName: signing.domain.name,
          keySelector: signing.domain.dkimSelector,
          privateKey: signing.key,
          headerFieldNames: SIGNED_HEADERS,
        }
      : undefined,
  };
}

/**
 * The bytes of an app's SMTP submission for one of its recipients: the message as submitted
 * with only the headers the rules set (our Message-ID, provider metadata) and its HTML parts
 * instrumented like any email's (lib/core/mime/rewrite.ts keeps every other part as it is).
 */
async function composeSubmitted(
  deps: ComposeDeps,
  email: Email,
  submissionId: string,
  rewrite: MimeRewrite,
): Promise<Buffer> {
  const submitted = await deps.caches.submittedMessages.get(submissionId, async () => {
    const [row] = await deps.db
      .select({ raw: submittedMessages.raw })
      .from(submittedMessages)
      .where(
        and(
          eq(submittedMessages.projectId, email.projectId),
          eq(submittedMessages.id, submissionId),
        ),
      );
    if (!row) throw new Error(`submitted message ${submissionId} of ${email.id} is gone`);
    return Buffer.from(row.raw);
  });
  return rewriteMime(submitted, rewrite);
}

/** The sending domain's tracking settings; a domain no longer verified does not send anyway. */
function trackingPolicy(signing: SigningDomain): TrackingPolicy {
  return signing
    ? { opens: signing.domain.openTracking, clicks: signing.domain.clickTracking }
    : { opens: true, clicks: true };
}

/**
 * Headers the DKIM signature covers: nodemailer's RFC 4871 list plus List-Unsubscribe-Post,
 * which RFC 8058 requires to be signed for one-click unsubscribe, and Feedback-ID, which Gmail's
 * feedback loop only trusts when the sending domain signed it.
 */
export const SIGNED_HEADERS =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:" +
  "Content-Transfer-Encoding:Content-ID:Content-Description:Resent-Date:Resent-From:" +
  "Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:List-Id:" +
  "List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:" +
  "List-Archive:Feedback-ID";

/** The sending domain of an email (verified, with its parsed DKIM key), or null. */
export function sendingDomainOf(
  deps: ComposeDeps,
  email: Pick<Email, "projectId" | "fromAddress">,
) {
  const address = /<([^>]+)>$/.exec(email.fromAddress)?.[1] ?? email.fromAddress;
  return cachedSigningDomain(deps, email.projectId, domainOf(address));
}

/** The sending domain and its parsed DKIM key, from the runtime's cache (./caches.ts). */
function cachedSigningDomain(deps: ComposeDeps, projectId: string, name: string) {
  return deps.caches.signingDomains.get(`${projectId}:${name}`, async () => {
    const domain = await findVerifiedDomain(deps.db, projectId, name);
    return domain ? { domain, key: createPrivateKey(domain.dkimPrivateKey) } : null;
  });
}
