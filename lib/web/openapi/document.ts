import { z } from "zod";
import {
  type ErrorStatus,
  errorCodes,
  errorStatuses,
  ERROR_DESCRIPTIONS,
  INSUFFICIENT_PERMISSION,
  needsFullKey,
  type Operation,
} from "./operation";
import { operations as allOperations } from "./operations";
import { WEBHOOK_ENVELOPES, WEBHOOK_EVENT_DOCS } from "./webhook-events";

type JsonSchema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** A 409 `template_in_use` detail also names the automation or campaign that uses the template. */
const DependantFields = {
  type: z.enum(["automation", "campaign"]).optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  status: z.string().optional(),
};

/** DECISIONS §3: the one error body of every 4xx/5xx. */
export const ErrorBody = z.strictObject({
  error: z.strictObject({
    code: z.string().meta({ description: "snake_case, stable: branch on it." }),
    message: z.string().meta({ description: "A human sentence." }),
    details: z
      .array(z.strictObject({ path: z.string(), message: z.string(), ...DependantFields }))
      .optional()
      .meta({
        description:
          "One per problem: validation errors, and (`template_in_use`) each dependant with its `type`, `id`, `name` and `status`.",
      }),
  }),
});

/**
 * The OpenAPI 3.1 document of /v1, derived from the operation registry: request schemas are the
 * services' zod inputs (as input), responses the serializers' zod schemas (as output). Named
 * component schemas, an operationId on each operation, bearerAuth.
 */
export function buildOpenApiDocument(options: { serverUrl: string; operations?: Operation[] }) {
  const operations = options.operations ?? allOperations;
  const inputs = z.registry<{ id: string }>();
  const outputs = z.registry<{ id: string }>();
  outputs.add(ErrorBody, { id: "Error" });
  const named = (registry: typeof inputs, schema: z.ZodType, id: string) => {
    const existing = registry.get(schema)?.id;
    if (existing) return existing;
    registry.add(schema, { id });
    return id;
  };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const requestName = op.body && named(inputs, op.body, `${pascal(op.id)}Request`);
    const responses: Record<string, unknown> = {};
    for (const [status, spec] of Object.entries(op.responses)) {
      const contentType = spec.contentType ?? "application/json";
      const responseName = spec.schema && named(outputs, spec.schema, `${pascal(op.id)}Response`);
      responses[status] = {
        description: spec.description,
        content: {
          [contentType]: { schema: responseName ? ref(responseName) : { type: "string" } },
        },
      };
    }
    for (const status of errorStatuses(op)) responses[String(status)] = errorResponse(op, status);
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      operationId: op.id,
      tags: [op.tag],
      summary: op.summary,
      description: op.public ? op.description : `${op.description}\n\n${permissionNote(op)}`,
      ...(op.public ? { security: [] } : { "x-permission": op.permission ?? "full" }),
      parameters: [...pathParameters(op), ...queryParameters(op), ...headerParameters(op)],
      ...(requestName && {
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: ref(requestName),
              ...(op.example?.body !== undefined && { example: op.example.body }),
            },
          },
        },
      }),
      ...(op.rawBody && {
        requestBody: {
          required: true,
          description: op.rawBody.description,
          content: Object.fromEntries(
            op.rawBody.contentTypes.map((type) => [
              type,
              {
                schema: { type: "string" },
                ...(op.example?.rawBody && { example: op.example.rawBody }),
              },
            ]),
          ),
        },
      }),
      responses,
    };
  }

  const webhooks = webhookEntries((schema, id) => named(outputs, schema, id));

  return {
    openapi: "3.1.0",
    info: {
      title: "Mailwright API",
      version: "1.0.0",
      description:
        'Send transactional email, manage contacts, segments, templates, campaigns, automations, domains, suppressions and webhooks. Authenticate with `Authorization: Bearer sk_live_…` (or `sk_test_…`: simulated delivery). A key has a permission: `full` (every operation) or `sending` (only the operations marked `x-permission: sending`: send, batch send, record events, list and get emails); any other operation answers a sending key with 403 `insufficient_permission`. Errors share one body: `{"error":{"code","message","details"?}}`; every response carries `X-Request-Id` and `RateLimit-*` headers.',
    },
    servers: [{ url: `${options.serverUrl}/api` }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(operations.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    webhooks,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "An API key: sk_live_… or sk_test_…",
        },
      },
      schemas: { ...componentSchemas(inputs, "input"), ...componentSchemas(outputs, "output") },
    },
  };
}

/** The signed POST each event type makes to a subscribed endpoint (OpenAPI 3.1 `webhooks`). */
function webhookEntries(name: (schema: z.ZodType, id: string) => string) {
  const headers = [
    ["X-Service-Event", "The event type."],
    ["X-Service-Signature", "Lowercase hex HMAC-SHA256 of the raw body, keyed with the secret."],
    ["X-Service-Delivery", "The delivery id (`whd_…`), the same on every retry: drop repeats."],
    ["X-Service-Timestamp", "Unix seconds of this attempt (not signed)."],
  ];
  return Object.fromEntries(
    Object.entries(WEBHOOK_ENVELOPES).map(([type, envelope]) => {
      const doc = WEBHOOK_EVENT_DOCS[type as keyof typeof WEBHOOK_EVENT_DOCS];
      const id = type.split(/[._]/).map(pascal).join("") + "Event";
      return [
        type,
        {
          post: {
            operationId: `on${id}`,
            tags: ["Webhooks"],
            summary: doc.summary,
            description: `${doc.description}\n\nSent to every active endpoint that receives \`${type}\` (an endpoint created without \`events\` receives every type). Answer 2xx within 15 s; anything else is retried.`,
            parameters: headers.map(([header, description]) => ({
              name: header,
              in: "header",
              required: true,
              description,
              schema: { type: "string" },
            })),
            requestBody: {
              required: true,
              content: { "application/json": { schema: ref(name(envelope, id)) } },
            },
            responses: { "200": { description: "Any 2xx acknowledges the delivery." } },
          },
        },
      ];
    }),
  );
}

function componentSchemas(registry: z.core.$ZodRegistry<{ id: string }>, io: "input" | "output") {
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
    override: ({ jsonSchema }) => tidy(jsonSchema),
  });
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return schemas as Record<string, JsonSchema>;
}

/** zod's ISO pattern repeats what `format: date-time` says, unreadably. */
function tidy(schema: JsonSchema) {
  if (schema.format === "date-time") delete schema.pattern;
}

function inlineSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    override: ({ jsonSchema }) => tidy(jsonSchema),
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

function pathParameters(op: Operation) {
  return [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
}

function queryParameters(op: Operation) {
  if (!op.query) return [];
  const json = inlineSchema(op.query) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return {
      name,
      in: "query",
      required: json.required?.includes(name) ?? false,
      ...(description !== undefined && { description }),
      schema: rest,
      ...(op.example?.query?.[name] !== undefined && { example: op.example.query[name] }),
    };
  });
}

function headerParameters(op: Operation) {
  return (op.headers ?? []).map((header) => ({
    name: header.name,
    in: "header",
    required: false,
    description: header.description,
    schema: inlineSchema(header.schema),
  }));
}

/** Who may call a keyed operation, at the end of its description (the reference shows it). */
function permissionNote(op: Operation): string {
  return needsFullKey(op)
    ? "Needs a key with `full` permission: a `sending` key gets 403 `insufficient_permission`."
    : "Open to keys with `sending` permission (and `full`).";
}

function errorResponse(op: Operation, status: ErrorStatus) {
  const codes = errorCodes(op, status);
  // A full-only operation with no 403 of its own: the example is the permission refusal.
  const example =
    status === 403 && needsFullKey(op) && !op.codes?.[403] ? INSUFFICIENT_PERMISSION : codes[0];
  return {
    description: `${ERROR_DESCRIPTIONS[status]} \`error.code\`: ${codes.map((c) => `\`${c}\``).join(", ")}.`,
    // The same list for tools (the contract run checks every answer's code against it).
    "x-error-codes": codes,
    content: {
      "application/json": {
        schema: ref("Error"),
        example: { error: { code: example, message: ERROR_DESCRIPTIONS[status] } },
      },
    },
  };
}
