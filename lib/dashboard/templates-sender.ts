import { and, asc, eq } from "drizzle-orm";
import { domains, projects } from "@/db/schema";
import type { ServiceContext } from "../context";
import { formatMailbox } from "../sending/addresses";
import { isDeliveryConfigured } from "../sending/transports";

export type TestSender = {
  /** The `from` value for POST /v1/send semantics, e.g. `"Acme" <hello@acme.test>`. */
  from: string;
  address: string;
  /** For display: `Acme <hello@acme.test>`. */
  label: string;
  /** Where it came from, so the dialog can explain it. */
  source: "default" | "domain";
};

/**
 * The sender of the editor's "send test email": the project's default sender, else `hello@` the
 * first verified domain, else null (the dialog then points to Settings → Domains).
 */
export async function resolveTestSender(ctx: ServiceContext): Promise<TestSender | null> {
  const [project] = await ctx.db
    .select({
      name: projects.name,
      fromName: projects.defaultFromName,
      fromEmail: projects.defaultFromEmail,
    })
    .from(projects)
    .where(eq(projects.id, ctx.projectId))
    .limit(1);
  if (!project) return null;
  const name = project.fromName || project.name;
  if (project.fromEmail) {
    const address = project.fromEmail.trim().toLowerCase();
    return {
      from: formatMailbox({ name, address }),
      address,
      label: `${name} <${address}>`,
      source: "default",
    };
  }
  const [domain] = await ctx.db
    .select({ name: domains.name })
    .from(domains)
    .where(and(eq(domains.projectId, ctx.projectId), eq(domains.status, "verified")))
    .orderBy(asc(domains.createdAt), asc(domains.id))
    .limit(1);
  if (!domain) return null;
  const address = `hello@${domain.name}`;
  return {
    from: formatMailbox({ name, address }),
    address,
    label: `${name} <${address}>`,
    source: "domain",
  };
}

/** Without SMTP_URL or RESEND_API_KEY a send is stored `queued` (DECISIONS §1). */
export function deliveryConfigured(ctx: ServiceContext): boolean {
  return isDeliveryConfigured(ctx.config);
}
