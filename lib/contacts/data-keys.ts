import { sql } from "drizzle-orm";
import { rowsOf } from "@/db";
import { contacts } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";

/** How many of the newest contacts are read for their custom field keys. */
const SAMPLE = 10_000;
const MAX_KEYS = 500;

/**
 * The custom field keys the project's contacts use, so the import can fill `plan` rather than
 * create `Plan` beside it. Read from the newest contacts only (by the project/created index): a
 * key no recent contact has is rarely the one a new file means, and a full scan of a large
 * project would make the import page slow.
 */
export async function listContactDataKeys(ctx: ServiceContext): Promise<string[]> {
  const rows = rowsOf<{ key: string }>(
    await ctx.db.execute(sql`
      select distinct k as key
      from (
        select ${contacts.data} as data from ${contacts}
        where ${contacts.projectId} = ${ctx.projectId}
        order by ${contacts.createdAt} desc
        limit ${SAMPLE}
      ) recent, jsonb_object_keys(recent.data) k
      order by 1
      limit ${MAX_KEYS}`),
  );
  return rows.map((row) => row.key);
}
