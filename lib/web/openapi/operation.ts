import type { z } from "zod";
import type { KeyPermission } from "@/lib/api-keys/keys";

/**
 * One documented /v1 operation. Schemas are the ones the service parses with (requests) and the
 * serializer is typed by (responses), so the document is derived, never written twice.
 * Path parameters come from `{name}` segments of `path`.
 */
export type Operation = {
  /** Stable name for generated clients (openapi-typescript, SDKs): `listContacts`. */
  id: string;
  method: "get" | "post" | "patch" | "delete";
  /** As the client calls it, from /v1: `/v1/contacts/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description: string;
  query?: z.ZodObject;
  /** A JSON request body. */
  body?: z.ZodType;
  /** A non-JSON request body (the contact import's file). */
  rawBody?: { contentTypes: string[]; description: string };
  responses: Partial<Record<Status, ResponseSpec>>;
  /** Error statuses this operation can answer besides 401 and 429, which every keyed one can. */
  errors?: ErrorStatus[];
  /** Specific `error.code`s beyond the generic one of each status (`campaign_not_draft`). */
  codes?: Partial<Record<ErrorStatus, string[]>>;
  /** Whether it needs no API key. */
  public?: true;
  /**
   * The key permission it needs (DECISIONS §12), as its route declares it to withApiKey:
   * `sending` for the few a sending key may call, else `full` (the default). A unit test checks
   * the two agree.
   */
  permission?: KeyPermission;
  /** A request that works against a fresh project: shown in the reference, run by the tests. */
  example?: { body?: unknown; query?: Record<string, string>; rawBody?: string };
  /** Request headers worth documenting (Idempotency-Key). */
  headers?: { name: string; description: string; schema: z.ZodType }[];
};

type Status = 200 | 201 | 202;
export type ResponseSpec = { description: string; schema?: z.ZodType; contentType?: string };

/** DECISIONS §3: which `error.code`s each status carries. */
export const ERROR_CODES = {
  400: ["invalid_json"],
  401: ["unauthorized"],
  403: ["forbidden"],
  404: ["not_found"],
  409: ["conflict"],
  413: ["payload_too_large"],
  422: ["validation_error"],
  429: ["rate_limited"],
} as const;
export type ErrorStatus = keyof typeof ERROR_CODES;

export const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: "The body is not valid JSON.",
  401: "Missing, malformed, unknown or revoked API key (with `WWW-Authenticate: Bearer`).",
  403: "Refused for this key or its project.",
  404: "No such resource in this project.",
  409: "The resource is not in a state that allows this.",
  413: "The body is larger than 10 MiB.",
  422: "The input is not valid: `details` names each problem.",
  429: "Over the key's rate limit: retry after `Retry-After` seconds.",
};

/** Error statuses of an operation: its own, plus what any body or keyed request can produce. */
export function errorStatuses(op: Operation): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(op.errors ?? []);
  for (const status of Object.keys(op.codes ?? {})) statuses.add(Number(status) as ErrorStatus);
  if (!op.public) statuses.add(401).add(429);
  if (needsFullKey(op)) statuses.add(403);
  if (op.body) statuses.add(400).add(413).add(422);
  // A raw body (the contact import's file) is streamed, never buffered: no size limit, no 413.
  if (op.rawBody) statuses.add(422);
  if (op.query) statuses.add(422);
  if (op.path.includes("{")) statuses.add(404);
  return [...statuses].sort();
}

/** The `error.code`s an operation can answer with `status`. */
export function errorCodes(op: Operation, status: ErrorStatus): string[] {
  const codes: string[] = [...ERROR_CODES[status], ...(op.codes?.[status] ?? [])];
  if (status === 403 && needsFullKey(op)) codes.push(INSUFFICIENT_PERMISSION);
  return codes;
}

/** The 403 a key with `sending` permission gets from an operation that needs `full`. */
export const INSUFFICIENT_PERMISSION = "insufficient_permission";

/** A keyed operation a sending key may not call. */
export function needsFullKey(op: Operation): boolean {
  return !op.public && (op.permission ?? "full") === "full";
}
