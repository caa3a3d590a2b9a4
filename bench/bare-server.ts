/**
 * The reference for bench:api: a bare node:http server doing the same contact upsert through
 * the same driver (postgres.js or PGlite), with no framework, auth or validation library.
 */
import { randomBytes } from "node:crypto";
import { openDatabase } from "@/db";
import { serveJson } from "./lib/json-server";

const UPSERT = `insert into contacts (id, project_id, email, name, subscribed, source, data, created_at, updated_at)
values ($1, $2, $3, $4, coalesce($5, true), 'api', coalesce($6::jsonb, '{}'::jsonb), now(), now())
on conflict (project_id, email) do update set
  name = coalesce(excluded.name, contacts.name),
  data = contacts.data || excluded.data,
  updated_at = now()
returning *, (xmax = 0) as created`;

async function main() {
  const projectId = process.env.BENCH_PROJECT_ID!;
  const port = Number(process.env.PORT ?? 3210);
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR,
    poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  });
  serveJson(
    port,
    async (body) => {
      const id = `ct_${randomBytes(13).toString("hex")}`;
      const [row] = await handle.query<{ created: boolean }>(UPSERT, [
        id,
        projectId,
        String(body.email).toLowerCase(),
        body.name ?? null,
        body.subscribed ?? null,
        body.data ? JSON.stringify(body.data) : null,
      ]);
      return { status: row!.created ? 201 : 200, body: row };
    },
    () => handle.close(),
  );
}

void main();
