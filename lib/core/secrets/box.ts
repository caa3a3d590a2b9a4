import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { Executor } from "@/db";
import type { Config } from "@/lib/core/config";
import { SECRETS_KEY } from "@/lib/core/instance-settings";
import type { RuntimeCaches } from "@/lib/core/runtime";

/**
 * Secrets kept in the database (relay passwords, provider API keys) are sealed with AES-256-GCM
 * under the instance key: SECRETS_KEY when the operator sets one (a database dump then reveals
 * nothing), else an instance secret generated on first boot. The sealed form names its version,
 * so a later scheme can read the old one.
 */
export type SecretBox = {
  seal(plain: string): string;
  /** Null when the secret was sealed under another key (SECRETS_KEY changed): re-enter it. */
  open(sealed: string): string | null;
};

const VERSION = "v1";

export function secretBox(keyMaterial: string): SecretBox {
  const key = createHash("sha256").update(`mailwright-secrets:${keyMaterial}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
      return `${VERSION}.${sealed}`;
    },
    open(sealed) {
      const [version, payload] = sealed.split(".", 2);
      if (version !== VERSION || !payload) return null;
      const bytes = Buffer.from(payload, "base64url");
      if (bytes.length < 28) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        return null;
      }
    },
  };
}

/**
 * The instance's box, its key read once per runtime (through `executor`: a transaction's, when
 * the caller is in one).
 */
export async function instanceSecretBox(
  deps: {
    db: Executor;
    config: Pick<Config, "secretsKey">;
    caches: Pick<RuntimeCaches, "instanceSecrets">;
  },
  executor: Executor = deps.db,
): Promise<SecretBox> {
  const configured = deps.config.secretsKey;
  if (configured) return secretBox(configured);
  return secretBox(await deps.caches.instanceSecrets.get(SECRETS_KEY, executor));
}
