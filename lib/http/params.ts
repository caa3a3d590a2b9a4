import { AppError } from "../errors";
import { hasNul } from "../input-guard";

/**
 * A route's path parameters, or a 404 when one holds a NUL character: ids never do, and the
 * database would refuse the lookup instead of finding nothing.
 */
export function pathParams<P extends Record<string, string | string[]>>(params: P | undefined): P {
  if (!params) return {} as P;
  if (hasNul(Object.values(params)))
    throw new AppError(404, "not_found", "Nothing exists with this id.");
  return params;
}
