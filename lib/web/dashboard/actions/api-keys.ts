"use server";

import { revalidatePath } from "next/cache";
import { createApiKey } from "@/lib/api-keys/create";
import type { KeyPermission } from "@/lib/api-keys/keys";
import { revokeApiKey } from "@/lib/api-keys/manage";
import { NotFoundError } from "@/lib/core/errors";
import { dashboardAction } from "../action";
import { formFields, Id, optionalText, PreviousState, text } from "../action-input";
import { failure, success, type FormState } from "../form-state";

export type CreatedKey = {
  id: string;
  name: string;
  mode: "live" | "test";
  permission: KeyPermission;
  secret: string;
};

const KeyForm = formFields({ name: text, mode: optionalText, permission: optionalText });

/** Creates a key; the secret is returned once, to the dialog that shows it. */
export const createApiKeyAction = dashboardAction(
  {
    permission: "api_keys.manage",
    args: [PreviousState, KeyForm],
    fields: ["name", "mode", "permission"],
  },
  async ({ ctx }, _previous, form): Promise<FormState<CreatedKey>> => {
    const name = form.name.trim();
    if (!name) return failure("Give the key a name.", { name: "Enter a name for the key." });
    const { key, secret } = await createApiKey(ctx, { ...form, name });
    revalidatePath("/settings/api-keys");
    revalidatePath("/overview");
    return success("API key created", {
      id: key.id,
      name: key.name,
      mode: key.mode,
      permission: key.permission,
      secret,
    });
  },
);

export const revokeApiKeyAction = dashboardAction(
  {
    permission: "api_keys.manage",
    args: [Id],
    onError: (error) => {
      if (!(error instanceof NotFoundError)) return undefined;
      revalidatePath("/settings/api-keys");
      return failure("This key is already revoked or no longer exists.");
    },
  },
  async ({ ctx }, keyId) => {
    await revokeApiKey(ctx, keyId);
    revalidatePath("/settings/api-keys");
    revalidatePath("/overview");
    return success("API key revoked");
  },
);
