import { ValidationError } from "@/lib/core/errors";
import type { OutboundBatch, OutboundContent } from "./outbound";
import type { SendEmailInput } from "./schemas";

/**
 * The content of a POST /v1/send: a stored template (own or system) with the request's subject
 * and variables, filled by the pipeline with `{{email}}` and the fields of the project's contact
 * with that address (the request's variables win); or the request's raw HTML, kept as written.
 */
export async function sendContent(
  batch: OutboundBatch,
  projectId: string,
  values: SendEmailInput,
): Promise<OutboundContent> {
  if (values.template) {
    const template = await batch.template(projectId, values.template);
    if (!template) {
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
    return {
      template,
      subject: values.subject,
      variables: values.variables ?? {},
      text: values.text ?? null,
    };
  }
  // Variables apply to template sends only; a raw subject is kept as written, on one line. The
  // plain-text part of a raw HTML send is generated at delivery (off the request path).
  return {
    subject: values.subject.replace(/[\r\n]+/g, " ").trim(),
    html: values.html!,
    text: values.text ?? null,
  };
}
