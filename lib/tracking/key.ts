import type { Executor } from "@/db";
import { SIGNING_KEY } from "@/lib/core/instance-settings";
import type { RuntimeCaches } from "@/lib/core/runtime";

/**
 * The instance's link-signing key (instance_settings, created on first boot), read once per
 * runtime: it never changes once created. Pass the database, not a transaction: on PGlite do
 * not call it from inside one.
 */
export function linkSigningKey(runtime: {
  db: Executor;
  caches: Pick<RuntimeCaches, "instanceSecrets">;
}): Promise<string> {
  return runtime.caches.instanceSecrets.get(SIGNING_KEY, runtime.db);
}
