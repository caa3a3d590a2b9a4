/**
 * The reference for bench:automations' event figure: a bare node:http server recording an event
 * (attributed to the contact with that email) through the same driver, with no framework, auth,
 * validation or automation triggers.
 */
import { randomBytes } from "node:crypto";
import { openDatabase } from "@/db";
import { serveJson } from "./lib/json-server";

const INSERT = `insert into events (id, project_id, name, contact_id, email, data, created_at)
select $1, $2, $3, (select id from contacts where project_id = $2 and email = $4), $4, $5::jsonb, now()
returning id, name, contact_id, created_at`;

async function main() {
  const projectId = process.env.BENCH_PROJECT_ID!;
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  });
  serveJson(
    Number(process.env.PORT ?? 3212),
    async (body) => {
      const [row] = await handle.query(INSERT, [
        `evt_${randomBytes(13).toString("hex")}`,
        projectId,
        String(body.name),
        String(body.email).toLowerCase(),
        JSON.stringify(body.data ?? {}),
      ]);
      return { status: 201, body: row };
    },
    () => handle.close(),
  );
}

void main();
