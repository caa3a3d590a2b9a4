"use server";

import { revalidatePath } from "next/cache";
import { deleteRelay, saveRelay } from "@/lib/delivery/relays";
import { testRelayConnection, type ConnectionCheck } from "@/lib/delivery/test-connection";
import { NotFoundError } from "@/lib/core/errors";
import { requireDashboard } from "../context";
import { failure, success, toFormState, type FormState } from "../form-state";

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

/** The relay form as service input: the fields of its kind only; numbers stay text for zod. */
function relayInput(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  const kind = text("kind");
  const common = { kind, name: text("name"), priority: text("priority") || "0" };
  if (kind === "resend") return { ...common, api_key: text("api_key") };
  return {
    ...common,
    host: text("host"),
    port: text("port"),
    tls_mode: text("tls_mode"),
    verify_certificate: form.get("verify_certificate") !== "off",
    username: text("username"),
    password: text("password"),
  };
}

/** Settings → Delivery: add a relay (`relayId` null) or change one. */
export async function saveRelayAction(
  relayId: string | null,
  _previous: FormState,
  form: FormData,
): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await saveRelay(ctx, relayId, relayInput(form));
  } catch (error) {
    return toFormState(error, FIELDS);
  }
  revalidatePath("/settings/delivery");
  revalidatePath("/overview");
  return success(relayId ? "Relay saved" : "Relay added");
}

export async function deleteRelayAction(relayId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await deleteRelay(ctx, relayId);
  } catch (error) {
    if (error instanceof NotFoundError) return failure("This relay no longer exists.");
    return toFormState(error, []);
  }
  revalidatePath("/settings/delivery");
  revalidatePath("/overview");
  return success("Relay removed");
}

/** "Test connection": the form as entered (a blank secret: the saved relay's). */
export async function testRelayAction(
  relayId: string | null,
  _previous: FormState<ConnectionCheck>,
  form: FormData,
): Promise<FormState<ConnectionCheck>> {
  const { ctx } = await requireDashboard();
  try {
    const check = await testRelayConnection(ctx, relayId, relayInput(form));
    return success(check.ok ? "Connection works" : "Connection failed", check);
  } catch (error) {
    return toFormState(error, FIELDS);
  }
}
