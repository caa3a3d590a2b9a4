import type { Executor } from "@/db";
import { findContactByEmail } from "../contacts/internal";
import { contactVariables } from "../contacts/variables";
import { NotFoundError, ValidationError } from "../errors";
import { findReadableTemplateOrThrow } from "../templates/internal";
import { renderTemplate } from "../templates/render";
import type { Variables } from "../templates/variables";
import type { Mailbox } from "./addresses";
import type { SendEmailInput } from "./schemas";

/**
 * Subject, HTML and text for a send: a stored template (own or system) rendered with the
 * request's variables and subject, or the request's raw HTML. Text is generated from the HTML
 * when not given. A template sees what a campaign would: `{{email}}` from `to`, and the fields of
 * the project's contact with that address when there is one; the request's variables win.
 */
export async function renderSendContent(
  tx: Executor,
  projectId: string,
  values: SendEmailInput,
  recipient: Mailbox,
) {
  if (values.template) {
    const variables = await recipientVariables(tx, projectId, recipient, values.variables ?? {});
    const template = await findReadableTemplateOrThrow(tx, projectId, values.template).catch(
      (error: unknown) => {
        if (error instanceof NotFoundError) {
          throw new ValidationError(
            `Template ${values.template} does not exist.`,
            [
              {
                path: "template",
                message: "must be the id of one of your templates or a system template",
              },
            ],
            "template_not_found",
          );
        }
        throw error;
      },
    );
    const rendered = await renderTemplate(
      { subject: values.subject, source: template.source, format: template.format },
      variables,
    );
    return { subject: rendered.subject, html: rendered.html, text: values.text ?? rendered.text };
  }
  // Variables apply to template sends only; a raw subject is kept as written, on one line. The
  // plain-text part of a raw HTML send is generated at delivery (off the request path).
  return {
    subject: values.subject.replace(/[\r\n]+/g, " ").trim(),
    html: values.html!,
    text: values.text ?? null,
  };
}

async function recipientVariables(
  tx: Executor,
  projectId: string,
  recipient: Mailbox,
  requested: Variables,
): Promise<Variables> {
  const contact = await findContactByEmail(tx, projectId, recipient.address);
  return contactVariables(
    contact ?? {
      email: recipient.address,
      // Not a contact: the display name of `to` ("Ada Lovelace <ada@…>") is the best name known.
      name: recipient.name,
      subscribed: true,
      source: "",
      data: {},
    },
    {},
    requested,
  );
}
