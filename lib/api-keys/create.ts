import { z } from "zod";
import { apiKeys } from "@/db/schema";
import type { Executor } from "@/db";
import { newId } from "../ids";
import { parseInput } from "../validation";
import { generateKeySecret, hashKey, keyHint } from "./keys";

export const CreateApiKeyInput = z.object({
  name: z.string().trim().min(1, "name is required").max(100).default("API key"),
  mode: z.enum(["live", "test"], { error: "mode must be live or test" }),
});

/** Creates a key and returns its secret: the only time the secret exists outside the caller. */
export async function createApiKey(db: Executor, projectId: string, input: unknown) {
  const { name, mode } = parseInput(CreateApiKeyInput, input);
  const secret = generateKeySecret(mode);
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: newId("key"),
      projectId,
      name,
      mode,
      keyHash: hashKey(secret),
      hint: keyHint(secret),
    })
    .returning();
  return { key: row!, secret };
}
