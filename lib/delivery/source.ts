import { asc, eq } from "drizzle-orm";
import type { Executor } from "@/db";
import { deliveryRelays, type DeliveryRelay } from "@/db/schema";
import type { Config } from "@/lib/core/config";
import type { RuntimeCaches } from "@/lib/core/runtime";
import { instanceSecretBox, type SecretBox } from "@/lib/core/secrets/box";
import type { ProjectRelaySource } from "@/lib/core/transports";
import type { Relay } from "@/lib/core/transports/relays";

/** A project's relays in the order they are tried: priority, then the oldest first. */
export function relayRows(db: Executor, projectId: string) {
  return db
    .select()
    .from(deliveryRelays)
    .where(eq(deliveryRelays.projectId, projectId))
    .orderBy(asc(deliveryRelays.priority), asc(deliveryRelays.createdAt), asc(deliveryRelays.id));
}

/** A stored relay as the transports use it, its secret opened; null if it cannot be opened. */
export function openRelay(
  row: DeliveryRelay,
  box: SecretBox,
  config: Pick<Config, "resendBaseUrl">,
): Relay | null {
  const secret = row.sealedSecret ? box.open(row.sealedSecret) : null;
  if (row.sealedSecret && secret === null) return null;
  if (row.kind === "resend")
    return secret
      ? {
          kind: "resend",
          id: row.id,
          name: row.name,
          apiKey: secret,
          baseUrl: config.resendBaseUrl,
        }
      : null;
  return {
    kind: "smtp",
    id: row.id,
    name: row.name,
    host: row.host ?? "",
    port: row.port ?? 587,
    tlsMode: row.tlsMode ?? "starttls",
    verifyCertificate: row.verifyCertificate,
    username: row.username,
    password: secret,
  };
}

/**
 * What the runtime's Transports read (lib/core/transports): a project's relays from the
 * database, secrets opened with the instance key. A relay sealed under another key (SECRETS_KEY
 * changed) is left out with a warning; Settings → Delivery asks for its secret again.
 */
export function projectRelaySource(deps: {
  db: Executor;
  config: Config;
  caches: Pick<RuntimeCaches, "instanceSecrets">;
}): ProjectRelaySource {
  return async (projectId, executor = deps.db) => {
    const rows = await relayRows(executor, projectId);
    if (rows.length === 0) return [];
    const box = await instanceSecretBox(deps, executor);
    const relays: Relay[] = [];
    for (const row of rows) {
      const relay = openRelay(row, box, deps.config);
      if (relay) relays.push(relay);
      else console.warn(`[delivery] relay ${row.id} has a secret this instance key cannot open`);
    }
    return relays;
  };
}
