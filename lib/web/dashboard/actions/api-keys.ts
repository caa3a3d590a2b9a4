"use server";

import { revalidatePath } from "next/cache";
import { createApiKey } from "@/lib/api-keys/create";
import type { KeyPermission } from "@/lib/api-keys/keys";
import { revokeApiKey } from "@/lib/api-keys/manage";
import { NotFoundError } from "@/lib/core/errors";
import { requireDashboard } from "../context";
import { failure, success, toFormState, type FormState } from "../form-state";

export type CreatedKey = {
  id: string;
  name: string;
  mode: "live" | "test";
  permission: KeyPermission;
  secret: string;
};

/** Creates a key; the secret is returned once, to the dialog that shows it. */
export async function createApiKeyAction(
  _previous: FormState<CreatedKey>,
  form: FormData,
): Promise<FormState<CreatedKey>> {
  const { ctx } = await requireDashboard();
  const name = String(form.get("name") ?? "").trim();
  if (!name) return failure("Give the key a name.", { name: "Enter a name for the key." });
  try {
    const { key, secret } = await createApiKey(ctx, {
      name,
      mode: form.get("mode") ?? undefined,
      permission: form.get("permission") ?? undefined,
    });
    revalidatePath("/settings/api-keys");
    revalidatePath("/overview");
    return success("API key created", {
      id: key.id,
      name: key.name,
      mode: key.mode,
      permission: key.permission,
      secret,
    });
  } catch (error) {
    return toFormState(error, ["name", "mode", "permission"]);
  }
}

export async function revokeApiKeyAction(keyId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await revokeApiKey(ctx, keyId);
  } catch (error) {
    if (error instanceof NotFoundError) {
      revalidatePath("/settings/api-keys");
      return failure("This key is already revoked or no longer exists.");
    }
    return toFormState(error, []);
  }
  revalidatePath("/settings/api-keys");
  revalidatePath("/overview");
  return success("API key revoked");
}
