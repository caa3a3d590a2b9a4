import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { domains } from "@/db/schema";
import type { Executor } from "@/db";
import type { ServiceContext } from "@/lib/core/context";
import { ConflictError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { parseInput } from "@/lib/core/validation";
import { DKIM_SELECTOR, generateDkimKeyPair } from "./dkim";
import { authorize } from "@/lib/core/permissions";

/** Who vouched for a domain added with the CLI's `--verified`. */
export const MANUAL_BY_CLI = "admin CLI";

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const DomainName = z
  .string({ error: "is required" })
  .trim()
  .toLowerCase()
  .refine((v) => DOMAIN_PATTERN.test(v), { message: "must be a domain name such as example.com" });

export const CreateDomainInput = z.object({
  name: DomainName,
  // The operator's override of the DNS check (admin CLI `--verified`).
  verified: z.boolean().default(false),
});

/** What the API accepts: only the name (the DNS check cannot be skipped over HTTP). */
export const AddDomainInput = z.object({ name: DomainName });

const conflict = (name: string) =>
  new ConflictError(`The domain ${name} is already added to this project.`, "domain_exists");

export async function createDomain(db: Executor, projectId: string, input: unknown, now: Date) {
  const { name, verified } = parseInput(CreateDomainInput, input);
  const [existing] = await db
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.projectId, projectId), eq(domains.name, name)));
  if (existing) throw conflict(name);
  const keys = await generateDkimKeyPair();
  const [domain] = await db
    .insert(domains)
    .values({
      id: newId("dom", now.getTime()),
      projectId,
      name,
      status: verified ? "verified" : "pending",
      verifiedAt: verified ? now : null,
      verificationMethod: verified ? "manual" : null,
      verifiedBy: verified ? MANUAL_BY_CLI : null,
      dkimSelector: DKIM_SELECTOR,
      dkimPublicKey: keys.publicKeyBase64,
      dkimPrivateKey: keys.privateKeyPem,
      createdAt: now,
      updatedAt: now,
    })
    // Two concurrent adds of one name: the loser gets the same 409, not a unique violation.
    .onConflictDoNothing({ target: [domains.projectId, domains.name] })
    .returning();
  if (!domain) throw conflict(name);
  return domain;
}

/** POST /v1/domains: a pending domain with a fresh DKIM key pair. */
export async function addDomain(ctx: ServiceContext, input: unknown) {
  authorize(ctx, "domains.manage");
  const { name } = parseInput(AddDomainInput, input);
  return createDomain(ctx.db, ctx.projectId, { name }, ctx.clock.now());
}
