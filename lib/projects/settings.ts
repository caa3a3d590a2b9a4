import { eq } from "drizzle-orm";
import { projects } from "@/db/schema";
import type { Executor } from "@/db";
import { ttlCache } from "@/lib/core/ttl-cache";

export type ProjectSettings = { doubleOptIn: boolean; postalAddress: string | null };

// Read on every contact creation and marketing email: cached for a few seconds per process.
const cache = ttlCache<ProjectSettings>(5_000);

export function projectSettings(db: Executor, projectId: string): Promise<ProjectSettings> {
  return cache.get(projectId, async () => {
    const [row] = await db
      .select({ doubleOptIn: projects.doubleOptIn, postalAddress: projects.postalAddress })
      .from(projects)
      .where(eq(projects.id, projectId));
    return { doubleOptIn: row?.doubleOptIn ?? false, postalAddress: row?.postalAddress ?? null };
  });
}

/** After a settings change in this process (other processes follow within the cache's TTL). */
export const forgetProjectSettings = () => cache.clear();

/** The project's row (Settings → General reads it fresh, not from the cache). */
export async function projectRow(db: Executor, projectId: string) {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId));
  return row ?? null;
}
