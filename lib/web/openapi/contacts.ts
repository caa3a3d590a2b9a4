import { PageOf, PageQuery } from "@/lib/core/pagination";
import { DeletedResponse } from "@/lib/core/serialize";
import { ContactResponse } from "@/lib/contacts/serialize";
import { ListContactsQuery, UpdateContactInput, UpsertContactInput } from "@/lib/contacts/schemas";
import { ImportCheckResponse, ImportResponse } from "@/lib/imports/serialize";
import { ExportQuery } from "@/lib/imports/export";
import { ImportRequestQuery } from "@/lib/imports/request";
import { ContactActivityItemResponse } from "@/lib/contacts/activity";
import type { Operation } from "./operation";

const tag = "Contacts";
const csv = {
  contentTypes: ["text/csv", "application/x-ndjson"],
  description: "A CSV file with a header row (an `email` column), or NDJSON: one contact per line.",
};

export const contactOperations: Operation[] = [
  {
    id: "upsertContact",
    method: "post",
    path: "/v1/contacts",
    tag,
    summary: "Create or update a contact",
    description:
      "Upsert by email (case-insensitive): 201 when created, 200 when updated. `data` is merged shallowly into the stored object; a key sent as null is removed.",
    body: UpsertContactInput,
    example: { body: { email: "ana@example.com", name: "Ana Silva", data: { plan: "pro" } } },
    responses: {
      200: { description: "Updated", schema: ContactResponse },
      201: { description: "Created", schema: ContactResponse },
    },
  },
  {
    id: "listContacts",
    method: "get",
    path: "/v1/contacts",
    tag,
    summary: "List contacts",
    description:
      "Newest first, keyset-paged. Filters: `email` (exact), `subscribed`, `search` (part of email or name).",
    query: ListContactsQuery,
    example: { query: { limit: "10", subscribed: "true" } },
    responses: { 200: { description: "A page of contacts", schema: PageOf(ContactResponse) } },
  },
  {
    id: "getContact",
    method: "get",
    path: "/v1/contacts/{id}",
    tag,
    summary: "Get a contact",
    description: "One contact of the key's project.",
    responses: { 200: { description: "The contact", schema: ContactResponse } },
  },
  {
    id: "listContactActivity",
    method: "get",
    path: "/v1/contacts/{id}/activity",
    tag,
    summary: "List a contact's activity",
    description:
      "The contact's whole story, newest first, keyset-paged: emails sent to its address with their opens, clicks, bounces and complaints; automation runs with their steps; events; subscription changes (with the email an unsubscribe came from); its creation.",
    query: PageQuery,
    responses: {
      200: { description: "A page of activity", schema: PageOf(ContactActivityItemResponse) },
    },
  },
  {
    id: "updateContact",
    method: "patch",
    path: "/v1/contacts/{id}",
    tag,
    summary: "Update a contact",
    description: "Only the fields sent change; `email` is immutable (422).",
    body: UpdateContactInput,
    example: { body: { subscribed: false, data: { plan: "team" } } },
    responses: { 200: { description: "The updated contact", schema: ContactResponse } },
  },
  {
    id: "deleteContact",
    method: "delete",
    path: "/v1/contacts/{id}",
    tag,
    summary: "Delete a contact",
    description: "Its automation runs exit.",
    responses: { 200: { description: "Deleted", schema: DeletedResponse } },
  },
  {
    id: "exportContacts",
    method: "get",
    path: "/v1/contacts/export",
    tag,
    summary: "Export contacts as CSV",
    description:
      "Every contact, or filtered like the list (`search`, `subscribed`, `email`) and/or by `segment` (an id), streamed as CSV.",
    query: ExportQuery,
    example: { query: { subscribed: "true" } },
    errors: [404],
    responses: { 200: { description: "The CSV file", contentType: "text/csv" } },
  },
  {
    id: "importContacts",
    method: "post",
    path: "/v1/contacts/import",
    tag,
    summary: "Import contacts from a file",
    description:
      "Upserts every row like POST /v1/contacts. With a worker: 202 and the import to poll with GET /v1/contacts/imports/{id}; without one the import runs within the request (200).",
    query: ImportRequestQuery,
    rawBody: csv,
    example: { query: { format: "csv" }, rawBody: "email,name\nbo@example.com,Bo\n" },
    codes: { 422: ["import_record_too_large"] },
    responses: {
      200: { description: "Finished (no worker)", schema: ImportResponse },
      202: { description: "Accepted: poll it", schema: ImportResponse },
    },
  },
  {
    id: "checkContactImport",
    method: "post",
    path: "/v1/contacts/import/check",
    tag,
    summary: "Check an import file",
    description:
      "Reads a whole file like the import and imports nothing: the counts, errors and duplicates it would produce.",
    query: ImportRequestQuery,
    rawBody: csv,
    example: {
      query: { format: "csv" },
      rawBody: "email,name\nbo@example.com,Bo\nnot-an-email,X\n",
    },
    codes: { 422: ["import_record_too_large"] },
    responses: { 200: { description: "The report", schema: ImportCheckResponse } },
  },
  {
    id: "getContactImport",
    method: "get",
    path: "/v1/contacts/imports/{id}",
    tag,
    summary: "Get an import",
    description: "Progress, counts and the per-row error report.",
    responses: { 200: { description: "The import", schema: ImportResponse } },
  },
];
