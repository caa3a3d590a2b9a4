import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { domains } from "@/db/schema";
import type { Executor } from "@/db";
import { ConflictError } from "../errors";
import { newId } from "../ids";
import { parseInput } from "../validation";
import { generateDkimKeyPair } from "./dkim";

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const CreateDomainInput = z.object({
  name: z
    .string({ error: "name is required" })
    .trim()
    .toLowerCase()
    .refine((v) => DOMAIN_PATTERN.test(v), { message: "must be a domain name such as example.com" }),
  // The operator's override of the DNS check (admin CLI `--verified`).
  verified: z.boolean().default(false),
});

export async function createDomain(db: Executor, projectId: string, input: unknown, now: Date) {
  const { name, verified } = parseInput(CreateDomainInput, input);
  const [existing] = await db
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.projectId, projectId), eq(domains.name, name)));
  if (existing) throw new ConflictError(`The domain ${name} is already added to this project.`, "domain_exists");
  const keys = generateDkimKeyPair();
  const [domain] = await db
    .insert(domains)
    .values({
      id: newId("dom", now.getTime()),
      projectId,
      name,
      status: verified ? "verified" : "pending",
      verifiedAt: verified ? now : null,
      dkimSelector: "mailwright",
      dkimPublicKey: keys.publicKeyBase64,
      dkimPrivateKey: keys.privateKeyPem,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return domain!;
}
