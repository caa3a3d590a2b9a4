import { sql, type SQL } from "drizzle-orm";
import { contacts } from "@/db/schema";

/**
 * Contact `data` writes merge shallowly; a key sent as null is removed (DECISIONS §4).
 * Returns the keys to set and the keys to remove.
 */
export function splitDataPatch(patch: Record<string, unknown>) {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) remove.push(key);
    else set[key] = value;
  }
  return { set, remove };
}

/** SQL expression for the merged `data` column. */
export function mergedDataSql(patch: Record<string, unknown>): SQL {
  const { set, remove } = splitDataPatch(patch);
  const removals = remove.map((key) => sql` - ${key}::text`);
  return sql`(${contacts.data} || ${JSON.stringify(set)}::jsonb)${sql.join(removals)}`;
}
