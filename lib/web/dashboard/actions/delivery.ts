"use server";

import { revalidatePath } from "next/cache";
import { deleteRelay, saveRelay } from "@/lib/delivery/relays";
import { testRelayConnection, type ConnectionCheck } from "@/lib/delivery/test-connection";
import { dashboardAction } from "../action";
import { formFields, Id, optionalText, OptionalId, PreviousState, text } from "../action-input";
import { success, type FormState } from "../form-state";

const FIELDS = [
  "kind",
  "name",
  "host",
  "port",
  "tls_mode",
  "verify_certificate",
  "username",
  "password",
  "api_key",
  "priority",
] as const;

const RelayForm = formFields({
  kind: text,
  name: text,
  priority: text,
  api_key: text,
  host: text,
  port: text,
  tls_mode: text,
  verify_certificate: optionalText,
  username: text,
  password: text,
});

/** The relay form as service input: the fields of its kind only; numbers stay text for zod. */
function relayInput(form: typeof RelayForm._zod.output) {
  const common = { kind: form.kind, name: form.name, priority: form.priority || "0" };
  if (form.kind === "resend") return { ...common, api_key: form.api_key };
  return {
    ...common,
    host: form.host,
    port: form.port,
    tls_mode: form.tls_mode,
    verify_certificate: form.verify_certificate !== "off",
    username: form.username,
    password: form.password,
  };
}

/** Settings → Delivery: add a relay (`relayId` null) or change one. */
export const saveRelayAction = dashboardAction(
  { permission: "delivery.manage", args: [OptionalId, PreviousState, RelayForm], fields: FIELDS },
  async ({ ctx }, relayId, _previous, form) => {
    await saveRelay(ctx, relayId, relayInput(form));
    revalidatePath("/settings/delivery");
    revalidatePath("/overview");
    return success(relayId ? "Relay saved" : "Relay added");
  },
);

export const deleteRelayAction = dashboardAction(
  { permission: "delivery.manage", args: [Id], notFound: "This relay no longer exists." },
  async ({ ctx }, relayId) => {
    await deleteRelay(ctx, relayId);
    revalidatePath("/settings/delivery");
    revalidatePath("/overview");
    return success("Relay removed");
  },
);

/** "Test connection": the form as entered (a blank secret: the saved relay's). */
export const testRelayAction = dashboardAction(
  { permission: "delivery.manage", args: [OptionalId, PreviousState, RelayForm], fields: FIELDS },
  async ({ ctx }, relayId, _previous, form): Promise<FormState<ConnectionCheck>> => {
    const check = await testRelayConnection(ctx, relayId, relayInput(form));
    return success(check.ok ? "Connection works" : "Connection failed", check);
  },
);
