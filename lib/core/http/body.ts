import { AppError, BadRequestError, ValidationError } from "@/lib/core/errors";
import {
  assertCleanInput,
  DEPTH_MESSAGE,
  jsonTextTooDeep,
  MAX_JSON_DEPTH,
} from "@/lib/core/input-guard";

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export class PayloadTooLargeError extends AppError {
  constructor() {
    super(413, "payload_too_large", "The request body is larger than the 10 MiB limit.");
  }
}

/** Reads the raw body with a hard cap, without trusting Content-Length alone. */
export async function readBodyText(request: Request): Promise<string> {
  return Buffer.from(await readBodyBytes(request)).toString("utf8");
}

/** The raw body's bytes, refused (`tooLarge`) as soon as they pass `maxBytes`. */
export async function readBodyBytes(
  request: Request,
  maxBytes = MAX_BODY_BYTES,
  tooLarge: () => Error = () => new PayloadTooLargeError(),
): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Parses a JSON body; an empty body is `{}` so missing fields surface as validation errors.
 * Nesting beyond MAX_JSON_DEPTH and NUL characters in any string or key are a 422 here, before
 * any service walks the value or the database refuses it.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await readBodyText(request);
  if (text.trim() === "") return {};
  if (jsonTextTooDeep(text)) {
    throw new ValidationError(`The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`, [
      { path: "body", message: DEPTH_MESSAGE },
    ]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequestError("invalid_json", "The request body is not valid JSON.");
  }
  assertCleanInput(value);
  return value;
}
