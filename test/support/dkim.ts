import { and, eq } from "drizzle-orm";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { domains } from "@/db/schema";
import type { Database } from "@/db";

/**
 * Verifies a received message's DKIM signature as a receiving server would, with the project's
 * domain record answering the DNS lookup (`<selector>._domainkey.<domain>` TXT). Returns the
 * verifier's result for the first signature: "pass" when the signature checks out.
 */
export async function dkimResult(db: Database, projectId: string, raw: string): Promise<string> {
  const resolver = async (name: string, rrtype: string) => {
    const match = /^([^.]+)\._domainkey\.(.+)$/.exec(name);
    if (rrtype !== "TXT" || !match)
      throw Object.assign(new Error("no record"), { code: "ENOTFOUND" });
    const [domain] = await db
      .select()
      .from(domains)
      .where(and(eq(domains.projectId, projectId), eq(domains.name, match[2]!)));
    if (!domain || domain.dkimSelector !== match[1])
      throw Object.assign(new Error("no record"), { code: "ENOTFOUND" });
    return [[`v=DKIM1; k=rsa; p=${domain.dkimPublicKey}`]];
  };
  const { results } = await dkimVerify(Buffer.from(raw), { resolver });
  return results[0]?.status?.result ?? "none";
}
