import type { Executor } from "@/db";
import type { Domain } from "@/db/schema";
import { findVerifiedDomain } from "./find-verified";
import { ValidationError } from "@/lib/core/errors";

/**
 * The sender rule of DECISIONS §8, the one place its error is built: mail goes out only from a
 * domain verified for the project. `path` names the field that carried the address.
 */
export async function requireVerifiedSender(
  db: Executor,
  projectId: string,
  address: string,
  path = "from",
): Promise<Domain> {
  // The part after the last "@" (lib/sending/addresses.ts' domainOf, which sits above this folder).
  const name = address.slice(address.lastIndexOf("@") + 1);
  const domain = await findVerifiedDomain(db, projectId, name);
  if (!domain) {
    throw new ValidationError(
      `The domain ${name} is not verified for this project.`,
      [{ path, message: "must use a verified domain (Settings → Domains, or /v1/domains)" }],
      "domain_not_verified",
    );
  }
  return domain;
}
