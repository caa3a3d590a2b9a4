import { and, desc, eq, isNull } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import type { Executor } from "@/db";
import { NotFoundError } from "../errors";
import { forgetCachedKey } from "./authenticate";

export async function listApiKeys(db: Executor, projectId: string) {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.projectId, projectId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function revokeApiKey(db: Executor, projectId: string, keyId: string, now: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.projectId, projectId), isNull(apiKeys.revokedAt)))
    .returning();
  if (!row) throw new NotFoundError("API key");
  forgetCachedKey(row.keyHash);
  return row;
}
