/**
 * The Mailwright API client: openapi-fetch typed by the generated `paths` (schema.d.ts), so every
 * path, parameter, body and response is checked by TypeScript. Calls resolve to
 * `{ data, error, response }`: `data` on 2xx, `error` (the one error body) otherwise; they throw
 * only when the network fails.
 */
import createClient, { type ClientOptions } from "openapi-fetch";
import type { components, operations, paths } from "./schema";

export type { components, operations, paths };
export type Schemas = components["schemas"];
/** `{ error: { code, message, details? } }`: the body of every 4xx and 5xx. */
export type ApiError = Schemas["Error"];

export type MailwrightOptions = {
  /** sk_live_… or sk_test_… (test keys simulate delivery). */
  apiKey: string;
  /** Where Mailwright runs (its APP_URL): `https://mail.acme.com`. `/api` is added. */
  baseUrl: string;
  /** Another fetch (tests, proxies, retries). */
  fetch?: ClientOptions["fetch"];
  headers?: Record<string, string>;
};

type Body<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { "application/json": infer B } };
}
  ? B
  : never;

export function createMailwright(options: MailwrightOptions) {
  if (!options.apiKey) throw new Error("createMailwright: apiKey is required");
  const client = createClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, "")}/api`,
    headers: { ...options.headers, authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch && { fetch: options.fetch }),
  });
  return Object.assign(client, {
    /** POST /v1/send; `idempotencyKey` makes a retry send exactly one email. */
    send: (body: Body<"sendEmail">, opts: { idempotencyKey?: string } = {}) =>
      client.POST("/v1/send", {
        body,
        params: { header: { "Idempotency-Key": opts.idempotencyKey } },
      }),
    contacts: {
      /** POST /v1/contacts: creates the contact or updates the one with this email. */
      upsert: (body: Body<"upsertContact">) => client.POST("/v1/contacts", { body }),
      get: (id: string) => client.GET("/v1/contacts/{id}", { params: { path: { id } } }),
      list: (query: operations["listContacts"]["parameters"]["query"] = {}) =>
        client.GET("/v1/contacts", { params: { query } }),
    },
    emails: {
      get: (id: string) => client.GET("/v1/emails/{id}", { params: { path: { id } } }),
      list: (query: operations["listEmails"]["parameters"]["query"] = {}) =>
        client.GET("/v1/emails", { params: { query } }),
    },
  });
}

export type Mailwright = ReturnType<typeof createMailwright>;
