/**
 * Reference (a) for bench:send: a bare node:http handler doing the same database transaction as
 * POST /v1/send (email row, timeline row, delivery job) through the same driver, without the
 * framework, auth, validation or rendering.
 */
import http from "node:http";
import { emailEvents, emails } from "@/db/schema";
import { openDatabase } from "@/db";
import { newId, randomBase62 } from "@/lib/ids";
import { JOBS, PRIORITY } from "@/lib/jobs/names";
import { JobQueue } from "@/lib/jobs/queue";

async function main() {
  const projectId = process.env.BENCH_PROJECT_ID!;
  const databaseUrl = process.env.DATABASE_URL!;
  const handle = await openDatabase({ databaseUrl, poolSize: 10 });
  const jobs = new JobQueue(handle, { databaseUrl, supervise: false });
  await jobs.start();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        const now = new Date();
        const id = newId("em", now.getTime());
        await handle.db.transaction(async (tx) => {
          await tx.insert(emails).values({
            id,
            projectId,
            type: "transactional",
            status: "sent",
            fromAddress: body.from,
            to: body.to,
            subject: body.subject,
            html: body.html,
            text: body.text ?? null,
            messageId: `<${id}@bench.test>`,
            trackingToken: randomBase62(32),
            createdAt: now,
            updatedAt: now,
          });
          await tx
            .insert(emailEvents)
            .values({ id: newId("eev"), projectId, emailId: id, type: "sent", createdAt: now });
          await jobs.enqueue(
            tx,
            JOBS.deliverEmail,
            { emailId: id },
            { priority: PRIORITY.transactional },
          );
        });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ id, status: "sent", messageId: `<${id}@bench.test>` }));
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
    });
  });
  server.listen(Number(process.env.PORT ?? 3211), "127.0.0.1", () =>
    console.log("bare send reference up"),
  );
  process.on("SIGTERM", () =>
    server.close(
      () =>
        void jobs
          .stop(1000)
          .then(() => handle.close())
          .then(() => process.exit(0)),
    ),
  );
}

void main();
