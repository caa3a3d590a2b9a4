import { sql } from "drizzle-orm";
import { contacts, suppressions, type Contact, type EmailTag, type EmailType } from "@/db/schema";
import type { Executor } from "@/db";
import { compiledStatement } from "@/db/compiled";
import type { Config } from "@/lib/core/config";
import { contactVariables, underlay } from "../templates/contact-variables";
import { NotFoundError, ValidationError } from "@/lib/core/errors";
import { newEmailToken } from "../tracking/token";
import type { JobQueue } from "@/lib/core/jobs/queue";
import type { Transports } from "@/lib/core/transports";
import { resolveDefaultSender } from "./default-sender";
import { compileTemplate } from "../templates/compiled";
import {
  emailContentId,
  pickVariables,
  storeEmailContents,
  type EmailContent,
} from "../templates/stored-content";
import { findReadableTemplateOrThrow } from "../templates/internal";
import type { Variables } from "../templates/variables";
import type { RuntimeCaches } from "@/lib/core/runtime";
import { formatMailbox, type Mailbox } from "./addresses";
import { requireVerifiedSender } from "../domains/verified-sender";
import { projectSettings } from "../projects/settings";
import {
  campaignHeaders,
  footerNeeds,
  postalAddressLine,
  unsubscribeHeaders,
  unsubscribeUrl,
  withMarketingFooter,
} from "./marketing";
import {
  insertOutgoingEmails,
  prepareOutgoingEmail,
  type OutgoingEmail,
  type PreparedEmail,
} from "./record";

/**
 * The one home of an outgoing email (DECISIONS §8). Every producer (POST /v1/send, campaign
 * fan-out, automation email steps, double opt-in, dashboard test sends) builds its emails through
 * an OutboundBatch, which applies the sending rules in one place:
 *  - the sender's domain is verified for the project (`sender`),
 *  - to, cc and bcc are checked against the suppression list in one query,
 *  - templates are compiled once per version (one cache) and filled with the contact's fields,
 *  - test mode follows the cause (the producer says which),
 *  - marketing mail gets its own unsubscribe token, the RFC 8058 headers, a visible unsubscribe
 *    link and the project's postal address; campaign mail also `List-Id` and `Feedback-ID`,
 * then inserts the emails with their delivery jobs in the producer's transaction (`flush`).
 * Tracking (per-domain policy) is applied at delivery (compose.ts), so stored HTML stays clean.
 */

export type Sender = { from: string; address: string; domain: string };
export type TemplateRow = Awaited<ReturnType<typeof findReadableTemplateOrThrow>>;
type ContactFields = Pick<Contact, "id" | "email" | "name" | "subscribed" | "source" | "data">;

/** The contact columns a template is filled from (select these to pass `contact` to `add`). */
export const CONTACT_FIELDS = {
  id: contacts.id,
  email: contacts.email,
  name: contacts.name,
  subscribed: contacts.subscribed,
  source: contacts.source,
  data: contacts.data,
};

export type OutboundContent =
  | {
      template: TemplateRow;
      /** Subject with placeholders; the template's own when not given. */
      subject?: string | null;
      previewText?: string | null;
      /** Win over the contact's fields (the request's `variables`). */
      variables?: Variables;
      /** Lose to the contact's fields (a campaign's `variables`, the same for every recipient). */
      defaults?: Variables;
      /** When given, replaces the text part the template renders. */
      text?: string | null;
    }
  | { subject: string; html: string | null; text: string | null };

export type OutboundMessage = {
  projectId: string;
  type: EmailType;
  /** Test mode follows the cause: a test-key request, event or contact makes a test email. */
  mode: "live" | "test";
  sender: Sender;
  to: Pick<Mailbox, "address" | "name">;
  /** The contact the email goes to; looked up by address for template content when omitted. */
  contact?: ContactFields | null;
  cc?: string[];
  bcc?: string[];
  replyTo?: string[];
  attachments?: OutgoingEmail["attachments"];
  content: OutboundContent;
  /** The triggering event's data (`{{event.x}}`), for automation emails. */
  event?: Record<string, unknown>;
  campaign?: { id: string; variant: string };
  automation?: { id: string; runId: string };
  /** The topic the campaign or automation step is about: its one-click unsubscribe leaves it. */
  topicId?: string | null;
  /**
   * A campaign's required notice (DECISIONS §13): no List-Unsubscribe headers and no automatic
   * unsubscribe footer; `{{unsubscribe_url}}` still opens the preference center when used.
   */
  requiredNotice?: boolean;
  /**
   * The message an app submitted over SMTP (lib/submission): delivered as those bytes, the
   * `content` (read from them) only shown in the log and the API.
   */
  submissionId?: string;
  /** The send's `tags`, stored on the email and echoed in its webhooks. */
  tags?: EmailTag[];
  /** A future time: the email is recorded `scheduled` and its delivery job starts then. */
  scheduledAt?: Date | null;
};

/**
 * How a send to one recipient refuses a suppressed `to` (422 `recipient_suppressed`): the API's
 * send, the dashboard's test sends. Fan-outs skip suppressed contacts instead (the audience query
 * leaves them out), and batches record them as `suppressed`.
 */
export class RecipientSuppressedError extends ValidationError {
  constructor(address: string) {
    super(
      `${address} is on the suppression list.`,
      [{ path: "to", message: "is suppressed (bounce, complaint, unsubscribe or manual)" }],
      "recipient_suppressed",
    );
  }
}

export type OutboundResult<Accepted extends string = "sent" | "queued" | "scheduled"> =
  | { status: "suppressed" }
  | { status: Accepted; id: string; messageId: string; email: PreparedEmail };

type ProjectProfile = { name: string; postalAddress: string; language: string };

export class OutboundBatch {
  private readonly prepared: PreparedEmail[] = [];
  private readonly suppressed = new Map<string, boolean>();
  private readonly senders = new Map<string, Promise<Sender>>();
  private readonly templates = new Map<string, Promise<TemplateRow | null>>();
  private readonly deliverable = new Map<string, Promise<boolean>>();
  private readonly contents = new Map<string, Map<string, EmailContent>>();
  private readonly contentIds = new Map<string, string>();
  /**
   * A template's source with the marketing footer, per template version: adding the footer to
   * a blocks template parses and serializes its whole document (~46 µs for a 2 KB one), which
   * was done again for every email of the batch.
   */
  private readonly footered = new Map<string, string>();

  constructor(
    private readonly tx: Executor,
    private readonly deps: {
      config: Config;
      jobs: JobQueue;
      transports: Pick<Transports, "canDeliver">;
      caches: Pick<RuntimeCaches, "compiledTemplates" | "projectSettings">;
    },
    private readonly now: Date,
  ) {}

  /**
   * The checked sender: `from` as given, or the project's default sender (DECISIONS §4). Throws
   * a ValidationError (`domain_not_verified`, `no_sender`) that producers report their own way.
   */
  sender(projectId: string, from: Mailbox | "default", path = "from"): Promise<Sender> {
    const key = `${projectId}:${from === "default" ? "" : formatMailbox(from)}`;
    let sender = this.senders.get(key);
    if (!sender) {
      sender = this.checkSender(projectId, from, path);
      this.senders.set(key, sender);
    }
    return sender;
  }

  private async checkSender(
    projectId: string,
    from: Mailbox | "default",
    path: string,
  ): Promise<Sender> {
    if (from !== "default") return this.verified(projectId, from, path);
    const fallback = await resolveDefaultSender(this.tx, projectId);
    if (!fallback) {
      throw new ValidationError(
        "The project has no sender: set a default sender in Settings or verify a domain.",
        [{ path, message: "the project has no default sender" }],
        "no_sender",
      );
    }
    const sender = await this.verified(projectId, { name: null, address: fallback.address }, path);
    return { ...sender, from: fallback.from };
  }

  private async verified(
    projectId: string,
    mailbox: Pick<Mailbox, "name" | "address">,
    path: string,
  ): Promise<Sender> {
    const domain = await requireVerifiedSender(this.tx, projectId, mailbox.address, path);
    return { from: formatMailbox(mailbox), address: mailbox.address, domain: domain.name };
  }

  /** A template the project can read (own or system), or null; read once per batch. */
  template(projectId: string, templateId: string): Promise<TemplateRow | null> {
    const key = `${projectId}:${templateId}`;
    let template = this.templates.get(key);
    if (!template) {
      template = findReadableTemplateOrThrow(this.tx, projectId, templateId).catch(
        (error: unknown) => {
          if (error instanceof NotFoundError) return null;
          throw error;
        },
      );
      this.templates.set(key, template);
    }
    return template;
  }

  /** One query for the suppression status of addresses not seen yet by this batch. */
  async loadSuppressions(projectId: string, addresses: string[]) {
    const unknown = [...new Set(addresses)].filter(
      (a) => !this.suppressed.has(`${projectId}:${a}`),
    );
    if (unknown.length === 0) return;
    const rows = await suppressedAmong<{ email: string }>(this.tx, {
      projectId,
      addresses: JSON.stringify(unknown),
    });
    for (const address of unknown) this.suppressed.set(`${projectId}:${address}`, false);
    for (const row of rows) this.suppressed.set(`${projectId}:${row.email}`, true);
  }

  isSuppressed(projectId: string, address: string): boolean {
    return this.suppressed.get(`${projectId}:${address}`) === true;
  }

  /**
   * Applies the rules to one email and keeps it for `flush`. A suppressed `to` is not sent
   * (the producer refuses or skips); suppressed cc/bcc are dropped. Rendering errors throw
   * (AppError) for the producer to report.
   */
  add(
    message: OutboundMessage & { scheduledAt?: null },
  ): Promise<OutboundResult<"sent" | "queued">>;
  add(message: OutboundMessage): Promise<OutboundResult>;
  async add(message: OutboundMessage): Promise<OutboundResult> {
    const { projectId } = message;
    const cc = message.cc ?? [];
    const bcc = message.bcc ?? [];
    await this.loadSuppressions(projectId, [message.to.address, ...cc, ...bcc]);
    if (this.isSuppressed(projectId, message.to.address)) return { status: "suppressed" };

    const marketing = message.type !== "transactional";
    const unsubscribeToken = marketing ? newUnsubscribeToken() : undefined;
    const { content: stored, ...content } = await this.render(message, unsubscribeToken);
    const contentId = stored ? this.keepContent(projectId, stored) : null;
    const headers = {
      ...(unsubscribeToken && !message.requiredNotice
        ? unsubscribeHeaders(unsubscribeUrl(this.deps.config.appUrl, unsubscribeToken))
        : {}),
      ...(message.campaign
        ? campaignHeaders({
            projectId,
            campaignId: message.campaign.id,
            fromDomain: message.sender.domain,
          })
        : {}),
    };
    const canDeliver = message.mode === "live" && (await this.canDeliver(projectId));
    const email = prepareOutgoingEmail(
      { projectId, keyMode: message.mode, canDeliver, now: this.now },
      message.type,
      {
        fromDomain: message.sender.domain,
        fromAddress: message.sender.from,
        to: message.to.address,
        cc: cc.filter((a) => !this.isSuppressed(projectId, a)),
        bcc: bcc.filter((a) => !this.isSuppressed(projectId, a)),
        replyTo: message.replyTo ?? [],
        attachments: message.attachments ?? [],
        ...content,
        contentId,
        variables: stored ? pickVariables(stored.variables, stored.compiled.variablePaths()) : null,
        headers,
        contactId: message.contact?.id ?? null,
        campaignId: message.campaign?.id ?? null,
        campaignVariant: message.campaign?.variant ?? null,
        automationId: message.automation?.id ?? null,
        automationRunId: message.automation?.runId ?? null,
        unsubscribeToken: unsubscribeToken ?? null,
        topicId: message.topicId ?? null,
        requiredNotice: message.requiredNotice ?? false,
        submissionId: message.submissionId ?? null,
        tags: message.tags ?? [],
        scheduledAt: message.scheduledAt ?? null,
      },
    );
    this.prepared.push(email);
    return { status: email.row.status, id: email.row.id, messageId: email.row.messageId, email };
  }

  /**
   * The email `add` would build, rendered and nothing recorded: the dashboard's previews show
   * exactly what a recipient gets (marketing footer included), with a placeholder unsubscribe
   * link that names no email.
   */
  async preview(
    message: OutboundMessage,
  ): Promise<{ subject: string; html: string | null; text: string | null }> {
    const token = message.type === "transactional" ? undefined : PREVIEW_UNSUBSCRIBE_TOKEN;
    const rendered = await this.render(message, token);
    if (!rendered.content) return rendered;
    const body = await rendered.content.compiled.render(rendered.content.variables, {
      renderedSubject: rendered.subject,
    });
    return { subject: rendered.subject, html: body.html, text: rendered.text ?? body.text };
  }

  /**
   * The email's subject, and its body as stored: raw HTML as given; a template's as the content
   * it is rendered from and its recipient's values (lib/templates/stored-content.ts). Rendered
   * here all the same, so that a value that cannot be rendered is refused now, not at delivery.
   */
  private async render(message: OutboundMessage, unsubscribeToken: string | undefined) {
    const { content } = message;
    if (!("template" in content)) {
      return {
        subject: content.subject,
        html: content.html,
        text: content.text,
        templateId: null,
        content: null,
      };
    }
    const { template } = content;
    const profile = await this.profile(message.projectId);
    const needs = unsubscribeToken
      ? footerNeeds(template.source, profile.postalAddress !== "")
      : { unsubscribe: false, postalAddress: false };
    if (message.requiredNotice) needs.unsubscribe = false;
    const previewText = content.previewText ?? "";
    const version = [
      template.id,
      template.updatedAt.getTime(),
      previewText,
      profile.language,
      Number(needs.unsubscribe),
      Number(needs.postalAddress),
    ].join(":");
    let source = this.footered.get(version);
    if (source === undefined) {
      source = withMarketingFooter(template.source, template.format, needs);
      this.footered.set(version, source);
    }
    const sent: EmailContent = {
      format: template.format,
      source,
      previewText,
      lang: profile.language,
    };
    const render = await this.deps.caches.compiledTemplates.get(version, () =>
      compileTemplate(
        { ...template, source: sent.source },
        { previewText, lang: profile.language },
      ),
    );
    const contact =
      message.contact === undefined ? await this.contactByEmail(message) : message.contact;
    const own = contactVariables(
      contact ?? {
        email: message.to.address,
        // Not a contact: the display name of `to` ("Ada Lovelace <ada@…>") is the best name known.
        name: message.to.name ?? null,
        subscribed: true,
        source: "",
        data: {},
      },
      message.event ?? {},
      {
        project_name: profile.name,
        postal_address: profile.postalAddress,
        ...(unsubscribeToken
          ? { unsubscribe_url: unsubscribeUrl(this.deps.config.appUrl, unsubscribeToken) }
          : {}),
        ...content.variables,
      },
    );
    const variables = content.defaults ? underlay(content.defaults, own) : own;
    const rendered = await render.render(variables, {
      subject: content.subject || template.subject,
    });
    return {
      subject: rendered.subject,
      html: null,
      text: content.text ?? null,
      templateId: template.id,
      content: { version: `${message.projectId}:${version}`, sent, compiled: render, variables },
    };
  }

  private async contactByEmail(message: OutboundMessage): Promise<ContactFields | null> {
    const [contact] = await contactByAddress<ContactFields>(this.tx, {
      projectId: message.projectId,
      email: message.to.address,
    });
    return contact ?? null;
  }

  /** Whether the project's live mail can leave now (else it is recorded `queued`), once per batch. */
  private canDeliver(projectId: string): Promise<boolean> {
    let deliverable = this.deliverable.get(projectId);
    if (!deliverable) {
      deliverable = this.deps.transports.canDeliver(projectId, this.tx);
      this.deliverable.set(projectId, deliverable);
    }
    return deliverable;
  }

  /** The project's name, language and footer address (cached for seconds: settings.ts). */
  private async profile(projectId: string): Promise<ProjectProfile> {
    const settings = await projectSettings({ db: this.tx, caches: this.deps.caches }, projectId);
    return {
      name: settings.name,
      language: settings.language,
      postalAddress: postalAddressLine(settings.postalAddress),
    };
  }

  /**
   * Inserts the batch's emails (those `keep` accepts), their events and delivery jobs; true when
   * any will be delivered.
   */
  async flush(keep: (email: PreparedEmail) => boolean = () => true): Promise<boolean> {
    const emails = this.prepared.splice(0).filter(keep);
    const used = new Set(emails.map((email) => email.row.contentId));
    for (const [projectId, contents] of this.contents) {
      const kept = new Map([...contents].filter(([id]) => used.has(id)));
      await storeEmailContents(this.tx, projectId, kept);
    }
    this.contents.clear();
    this.contentIds.clear();
    await insertOutgoingEmails(this.tx, this.deps.jobs, emails);
    return emails.some((p) => p.deliver);
  }

  /**
   * A content the batch's emails are rendered from, recorded with them by `flush`; its id (a
   * hash of a ~20 KiB source) computed once per template version in the batch, not per email.
   */
  private keepContent(projectId: string, stored: { version: string; sent: EmailContent }) {
    let id = this.contentIds.get(stored.version);
    if (!id) {
      id = emailContentId(stored.sent);
      this.contentIds.set(stored.version, id);
      const contents = this.contents.get(projectId) ?? new Map<string, EmailContent>();
      contents.set(id, stored.sent);
      this.contents.set(projectId, contents);
    }
    return id;
  }
}

// Every send asks these two: built once (db/compiled.ts), run per email.
const suppressedAmong = compiledStatement<{ projectId: string; addresses: string }>(
  () => sql`select ${suppressions.email} as "email" from ${suppressions}
            where ${suppressions.projectId} = ${sql.placeholder("projectId")}
              and ${suppressions.email} in
                (select jsonb_array_elements_text(${sql.placeholder("addresses")}::jsonb))`,
);
const contactByAddress = compiledStatement<{ projectId: string; email: string }>(
  () => sql`select ${sql.join(
    Object.entries(CONTACT_FIELDS).map(
      ([name, column]) => sql`${column} as ${sql.identifier(name)}`,
    ),
    sql`, `,
  )}
            from ${contacts}
            where ${contacts.projectId} = ${sql.placeholder("projectId")}
              and ${contacts.email} = ${sql.placeholder("email")}
            limit 1`,
);

/** Matches no email: the hosted page answers that the link is not valid. */
const PREVIEW_UNSUBSCRIBE_TOKEN = "preview";

/** Random, independent of the tracking token. */
const newUnsubscribeToken = newEmailToken;
