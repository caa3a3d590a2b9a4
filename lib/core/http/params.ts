import { AppError } from "@/lib/core/errors";
import { hasNul } from "@/lib/core/input-guard";

const noSuchId = () => new AppError(404, "not_found", "Nothing exists with this id.");

/**
 * A route's path parameters, or a 404 when one holds a NUL character: ids never do, and the
 * database would refuse the lookup instead of finding nothing.
 */
export function pathParams<P extends Record<string, string | string[]>>(params: P | undefined): P {
  if (!params) return {} as P;
  if (hasNul(Object.values(params))) throw noSuchId();
  return params;
}

/**
 * A parameter the router may have left encoded (an address arriving as `a%40example.com`),
 * decoded once more only when it evidently was not. The result is held to pathParams' NUL rule
 * again: `%2500` reaches the route as `%00` and becomes NUL only here.
 */
export function decodedPathParam(raw: string): string {
  if (raw.includes("@") || !raw.includes("%")) return raw;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return raw;
  }
  if (hasNul([decoded])) throw noSuchId();
  return decoded;
}
