import { and, asc, eq } from "drizzle-orm";
import { domains, projects } from "@/db/schema";
import type { Executor } from "@/db";
import { formatMailbox } from "./addresses";

export type ProjectSender = {
  /** The `from` value for POST /v1/send semantics, e.g. `"Acme" <hello@acme.test>`. */
  from: string;
  address: string;
  /** For display: `Acme <hello@acme.test>`. */
  label: string;
  /** Where it came from, so the dialog can explain it. */
  source: "default" | "domain";
};

/**
 * Who a project's automatic mail comes from (automation emails, the editor's "send test email"):
 * the project's default sender, else `hello@` its first verified domain, else null.
 */
export async function resolveDefaultSender(
  db: Executor,
  projectId: string,
): Promise<ProjectSender | null> {
  const [project] = await db
    .select({
      name: projects.name,
      fromName: projects.defaultFromName,
      fromEmail: projects.defaultFromEmail,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
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
  const [domain] = await db
    .select({ name: domains.name })
    .from(domains)
    .where(and(eq(domains.projectId, projectId), eq(domains.status, "verified")))
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
