import { eq } from "drizzle-orm";
import { projects } from "@/db/schema";
import type { Executor } from "@/db";
import type { RuntimeCaches } from "@/lib/core/runtime";
import { ttlCache, type TtlCache } from "@/lib/core/ttl-cache";

export type ProjectSettings = {
  name: string;
  doubleOptIn: boolean;
  postalAddress: string | null;
  /** The language of the project's email chrome (footers, hosted pages). */
  language: string;
};

declare module "@/lib/core/runtime" {
  interface RuntimeCaches {
    /** Name, double opt-in, postal address and language per project (lib/projects/settings.ts). */
    projectSettings: TtlCache<ProjectSettings>;
  }
}

/**
 * Read on every contact creation and every email sent: cached for a few seconds per process.
 * Changes made in this process forget it at once (forgetProjectSettings).
 */
export function projectSettingsCache(): TtlCache<ProjectSettings> {
  return ttlCache<ProjectSettings>(5_000);
}

export function projectSettings(
  deps: { db: Executor; caches: Pick<RuntimeCaches, "projectSettings"> },
  projectId: string,
): Promise<ProjectSettings> {
  const { db } = deps;
  return deps.caches.projectSettings.get(projectId, async () => {
    const [row] = await db
      .select({
        name: projects.name,
        doubleOptIn: projects.doubleOptIn,
        postalAddress: projects.postalAddress,
        language: projects.language,
      })
      .from(projects)
      .where(eq(projects.id, projectId));
    return {
      name: row?.name ?? "",
      doubleOptIn: row?.doubleOptIn ?? false,
      postalAddress: row?.postalAddress ?? null,
      language: row?.language ?? "en",
    };
  });
}

/** After a settings change in this process (other processes follow within the cache's TTL). */
export function forgetProjectSettings(caches: Pick<RuntimeCaches, "projectSettings">) {
  caches.projectSettings.clear();
}

/** The project's row (Settings → General reads it fresh, not from the cache). */
export async function projectRow(db: Executor, projectId: string) {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId));
  return row ?? null;
}
