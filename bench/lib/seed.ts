import type { DatabaseHandle } from "@/db";

/**
 * Bulk-seeds contacts with one INSERT … SELECT generate_series per chunk. Ids follow the app's
 * time-ordered shape closely enough for the same index behaviour; created_at spreads over time
 * so keyset pages deep in the list are realistic.
 */
export async function seedContacts(handle: DatabaseHandle, projectId: string, total: number) {
  const chunk = 100_000;
  for (let start = 0; start < total; start += chunk) {
    const end = Math.min(total, start + chunk);
    await handle.query(
      `insert into contacts (id, project_id, email, name, subscribed, source, data, created_at, updated_at)
       select 'ct_seed' || lpad(g::text, 10, '0'), $1, 'seed' || g || '@bench.test', 'Seed ' || g,
              g % 5 <> 0, 'import', jsonb_build_object('plan', case when g % 3 = 0 then 'pro' else 'free' end),
              timestamptz '2025-01-01' + (g || ' seconds')::interval,
              timestamptz '2025-01-01' + (g || ' seconds')::interval
       from generate_series($2::int, $3::int) g`,
      [projectId, start + 1, end],
    );
    process.stdout.write(`\r  seeded ${end.toLocaleString()} / ${total.toLocaleString()} contacts`);
  }
  process.stdout.write("\n");
  await handle.query("analyze contacts");
}
