import { PageOf } from "@/lib/core/pagination";
import { DeletedResponse } from "@/lib/core/serialize";
import {
  CreateTemplateInput,
  ListTemplatesQuery,
  PreviewTemplateInput,
  UpdateTemplateInput,
} from "@/lib/templates/schemas";
import { TemplatePreviewResponse, TemplateResponse } from "@/lib/templates/serialize";
import type { Operation } from "./operation";

const tag = "Templates";

export const templateOperations: Operation[] = [
  {
    id: "createTemplate",
    method: "post",
    path: "/v1/templates",
    tag,
    summary: "Create a template",
    description:
      '`subject` defaults to the name, `category` to General, `format` to blocks (`source` is then a JSON string `{"blocks":[…]}`).',
    body: CreateTemplateInput,
    example: {
      body: {
        name: "Welcome",
        subject: "Welcome, {{name}}",
        format: "html",
        source: "<p>Hi {{name}}</p>",
      },
    },
    responses: { 201: { description: "Created", schema: TemplateResponse } },
  },
  {
    id: "listTemplates",
    method: "get",
    path: "/v1/templates",
    tag,
    summary: "List templates",
    description:
      "Newest first, keyset-paged; `scope=all` adds the system gallery; `category` filters.",
    query: ListTemplatesQuery,
    example: { query: { scope: "all", limit: "5" } },
    responses: { 200: { description: "A page of templates", schema: PageOf(TemplateResponse) } },
  },
  {
    id: "getTemplate",
    method: "get",
    path: "/v1/templates/{id}",
    tag,
    summary: "Get a template",
    description: "One of the project's templates or a system template.",
    responses: { 200: { description: "The template", schema: TemplateResponse } },
  },
  {
    id: "updateTemplate",
    method: "patch",
    path: "/v1/templates/{id}",
    tag,
    summary: "Update a template",
    description: "Only the fields sent change; system templates are read-only (404).",
    body: UpdateTemplateInput,
    example: { body: { category: "Onboarding" } },
    responses: { 200: { description: "The updated template", schema: TemplateResponse } },
  },
  {
    id: "deleteTemplate",
    method: "delete",
    path: "/v1/templates/{id}",
    tag,
    summary: "Delete a template",
    description:
      "The project's own templates only; a system or missing template is 404. 409 `template_in_use` while an automation or unsent campaign uses it: `details` names each.",
    codes: { 409: ["template_in_use"] },
    responses: { 200: { description: "Deleted", schema: DeletedResponse } },
  },
  {
    id: "previewTemplate",
    method: "post",
    path: "/v1/templates/{id}/preview",
    tag,
    summary: "Render a template",
    description: "Fills `variables` in and answers the subject, HTML and plain text it would send.",
    body: PreviewTemplateInput,
    example: { body: { variables: { name: "Ana" } } },
    responses: { 200: { description: "The rendered email", schema: TemplatePreviewResponse } },
  },
];
