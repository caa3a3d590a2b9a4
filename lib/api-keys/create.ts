import { z } from "zod";
import { apiKeys } from "@/db/schema";
import type { Executor } from "@/db";
import type { ServiceContext } from "@/lib/core/context";
import { newId } from "@/lib/core/ids";
import { authorize } from "@/lib/core/permissions";
import { parseInput } from "@/lib/core/validation";
import { generateKeySecret, hashKey, KEY_PERMISSIONS, keyHint } from "./keys";

export const CreateApiKeyInput = z.object({
  name: z.string().trim().min(1, "name is required").max(100).default("API key"),
  mode: z.enum(["live", "test"], { error: "mode must be live or test" }),
  permission: z
    .enum(KEY_PERMISSIONS, { error: "permission must be full or sending" })
    .default("full"),
});

/**
 * Creates a key and returns its secret: the only time the secret exists outside the caller.
 * Admins only (DECISIONS §11): a key acts as an admin of its project.
 */
export async function createApiKey(ctx: ServiceContext, input: unknown) {
  authorize(ctx, "api_keys.manage");
  return insertApiKey(ctx.db, ctx.projectId, input);
}

/** The insert itself, for a new project's first keys (lib/projects/create.ts, the operator's). */
export async function insertApiKey(db: Executor, projectId: string, input: unknown) {
  const { name, mode, permission } = parseInput(CreateApiKeyInput, input);
  const secret = generateKeySecret(mode);
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: newId("key"),
      projectId,
      name,
      mode,
      permission,
      keyHash: hashKey(secret),
      hint: keyHint(secret),
    })
    .returning();
  return { key: row!, secret };
}
