/**
 * The reference for bench:automations' event figure: a bare node:http server recording an event
 * (attributed to the contact with that email) through the same driver, with no framework, auth,
 * validation or automation triggers.
 */
import http from "node:http";
import { randomBytes } from "node:crypto";
import { openDatabase } from "@/db";

const INSERT = `insert into events (id, project_id, name, contact_id, email, data, created_at)
select $1, $2, $3, (select id from contacts where project_id = $2 and email = $4), $4, $5::jsonb, now()
returning id, name, contact_id, created_at`;

async function main() {
  const projectId = process.env.BENCH_PROJECT_ID!;
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        const [row] = await handle.query(INSERT, [
          `evt_${randomBytes(13).toString("hex")}`,
          projectId,
          String(body.name),
          String(body.email).toLowerCase(),
          JSON.stringify(body.data ?? {}),
        ]);
        res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify(row));
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
    });
  });
  server.listen(Number(process.env.PORT ?? 3212), "127.0.0.1");
  process.on("SIGTERM", () => server.close(() => void handle.close().then(() => process.exit(0))));
}

void main();
