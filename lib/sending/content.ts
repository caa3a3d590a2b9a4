import type { Executor } from "@/db";
import { NotFoundError, ValidationError } from "../errors";
import { findReadableTemplateOrThrow } from "../templates/internal";
import { renderTemplate } from "../templates/render";
import type { SendEmailInput } from "./schemas";

/**
 * Subject, HTML and text for a send: a stored template (own or system) rendered with the
 * request's variables and subject, or the request's raw HTML. Text is generated from the HTML
 * when not given.
 */
export async function renderSendContent(tx: Executor, projectId: string, values: SendEmailInput) {
  const variables = values.variables ?? {};
  if (values.template) {
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
